// A function passed as an argument is what the callee's calls through that
// parameter reach from that call: for_each_item() calls count_atomic() in
// its atomic caller's context only, and count_preemptible() in the system
// call's, also where the parameter is passed on (visit()), and beyond the
// first 8 parameters (parse_one()'s handle_unknown is its ninth).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, items);

static void for_each_item(void (*fn)(int), int n)
{
	for (int i = 0; i < n; i++)
		fn(i);
}

static void visit(void (*fn)(int), int n)
{
	for_each_item(fn, n);
}

static void count_atomic(int i)
{
	__this_cpu_add(items, i);
}

static void count_preemptible(int i)
{
	__this_cpu_add(items, i);
	// CHECK: indirect-arguments.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(items)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-arguments.c:[[@LINE+6]]:1: note: '__do_sys_count_items' is a system call body: task context, preemptible
	// CHECK: indirect-arguments.c:[[@LINE+10]]:2: note: 'visit' called here
	// CHECK: indirect-arguments.c:[[@LINE-14]]:2: note: 'for_each_item' called here
	// CHECK: indirect-arguments.c:[[@LINE-20]]:3: note: 'count_preemptible' called through 'fn'
}

SYSCALL_DEFINE1(count_items, int, n)
{
	preempt_disable();
	visit(count_atomic, n);
	preempt_enable();
	visit(count_preemptible, n);
	return 0;
}

/* Something reads 'items' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int items_decides(void)
{
	return raw_cpu_read(items);
}

// WARN_ON(!irqs_disabled()) and BUG_ON(preemptible()) are assertions too;
// other WARN_ON()s are not.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/bug.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, level);
void platform_quiesce(void);

static void asserted_irqs_off(void)
{
	WARN_ON(!irqs_disabled());
	__this_cpu_inc(level);
}

static void asserted_atomic(void)
{
	BUG_ON(preemptible());
	__this_cpu_inc(level);
}

static void unrelated_warning(int x)
{
	WARN_ON(x < 0);
	__this_cpu_inc(level);
	// CHECK: warn-on-assert.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(level)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: warn-on-assert.c:[[@LINE+12]]:1: note: '__do_sys_warn' is a system call body: task context, preemptible
	// CHECK: warn-on-assert.c:[[@LINE+13]]:2: note: 'unrelated_warning' called here
}

SYSCALL_DEFINE0(levels)
{
	platform_quiesce();
	asserted_irqs_off();
	asserted_atomic();
	return 0;
}

SYSCALL_DEFINE1(warn, int, x)
{
	unrelated_warning(x);
	return 0;
}

/* Something reads 'level' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int level_decides(void)
{
	return raw_cpu_read(level);
}

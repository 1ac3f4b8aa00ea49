// Nested preempt_disable(): preemption comes back only with the outer enable.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, depth);

SYSCALL_DEFINE0(nest)
{
	preempt_disable();
	preempt_disable();
	preempt_enable();
	__this_cpu_inc(depth);
	preempt_enable();
	__this_cpu_inc(depth);
	// CHECK: nested-disable.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(depth)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: nested-disable.c:[[@LINE-9]]:1: note: '__do_sys_nest' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'depth' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int depth_decides(void)
{
	return raw_cpu_read(depth);
}

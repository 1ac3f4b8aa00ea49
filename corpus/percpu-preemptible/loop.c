// Disable/enable pairs inside a loop keep the loop body atomic; the access
// after the loop is not.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, total);

SYSCALL_DEFINE1(sum, int, n)
{
	int i;

	for (i = 0; i < n; i++) {
		preempt_disable();
		__this_cpu_add(total, i);
		preempt_enable();
	}
	while (n--)
		__this_cpu_add(total, 1);
	// CHECK: loop.c:[[@LINE-1]]:3: warning: per-CPU read-modify-write '__this_cpu_add(total)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: loop.c:[[@LINE-12]]:1: note: '__do_sys_sum' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'total' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int total_decides(void)
{
	return raw_cpu_read(total);
}

// guard(preempt)() keeps preemption off to the end of its scope (v6.5+
// cleanup.h); kharden follows the cleanup function that ends it.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/guards.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, tick);

SYSCALL_DEFINE1(tock, int, n)
{
	if (n) {
		guard(preempt)();
		__this_cpu_inc(tick);
	}
	__this_cpu_inc(tick);
	// CHECK: guard-preempt.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(tick)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: guard-preempt.c:[[@LINE-8]]:1: note: '__do_sys_tock' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'tick' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int tick_decides(void)
{
	return raw_cpu_read(tick);
}

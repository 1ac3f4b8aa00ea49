// --primitives FILE teaches kharden a subsystem's own primitives: with it,
// the access inside my_stats_lock()/my_stats_unlock() is protected.
// RUN: %kharden check --checks=percpu-preemptible --primitives %S/Inputs/my-primitives.yaml %s -- %kflags | count 0
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, stats);
void my_stats_lock(void);
void my_stats_unlock(void);

SYSCALL_DEFINE0(stat)
{
	my_stats_lock();
	__this_cpu_inc(stats);
	// CHECK: primitives-extension.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(stats)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: primitives-extension.c:[[@LINE-5]]:1: note: '__do_sys_stat' is a system call body: task context, preemptible
	my_stats_unlock();
	return 0;
}

/* Something reads 'stats' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int stats_decides(void)
{
	return raw_cpu_read(stats);
}

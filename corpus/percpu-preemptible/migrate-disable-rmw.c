// migrate_disable() does not make a read-modify-write safe: another task on
// the same CPU can preempt it halfway. The diagnostic says so.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, refs);

SYSCALL_DEFINE0(get_ref)
{
	migrate_disable();
	__this_cpu_inc(refs);
	// CHECK: migrate-disable-rmw.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(refs)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// CHECK: migrate-disable-rmw.c:[[@LINE-5]]:1: note: '__do_sys_get_ref' is a system call body: task context, preemptible
	migrate_enable();
	return 0;
}

/* Something reads 'refs' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int refs_decides(void)
{
	return raw_cpu_read(refs);
}

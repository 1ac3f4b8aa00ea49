// migrate_disable() does not make a read-modify-write safe: another task on
// the same CPU can preempt it halfway. The kernel's own rule
// (check_preemption_disabled(), lib/smp_processor_id.c) accepts
// __this_cpu_*() in a pinned task all the same, so by default only the
// raw_cpu_*() one, which the kernel never checks, is reported;
// PinnedRmw=report reports both, and the diagnostic says why.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s --check-prefix=RULE %strict
// RUN: not %kharden check --checks=percpu-preemptible --check-option=percpu-preemptible.PinnedRmw=report %s -- %kflags | FileCheck %s --check-prefix=REPORT %strict
// RUN: %expect-exit 2 %kharden check --checks=percpu-preemptible --check-option=percpu-preemptible.PinnedRmw=always %s -- %kflags 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: kharden: error: --check-option: option 'percpu-preemptible.PinnedRmw' takes kernel-rule or report, not 'always'
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, refs);
DEFINE_PER_CPU(long, hits);

SYSCALL_DEFINE0(get_ref)
{
	migrate_disable();
	__this_cpu_inc(refs);
	// REPORT: migrate-disable-rmw.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(refs)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// REPORT: migrate-disable-rmw.c:[[@LINE-5]]:1: note: '__do_sys_get_ref' is a system call body: task context, preemptible
	raw_cpu_inc(hits);
	// RULE: migrate-disable-rmw.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(hits)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// RULE: migrate-disable-rmw.c:[[@LINE-8]]:1: note: '__do_sys_get_ref' is a system call body: task context, preemptible
	// REPORT: migrate-disable-rmw.c:[[@LINE-3]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(hits)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// REPORT: migrate-disable-rmw.c:[[@LINE-10]]:1: note: '__do_sys_get_ref' is a system call body: task context, preemptible
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

/* Something reads 'refs' and 'hits' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
long refs_decide(void)
{
	return raw_cpu_read(refs) + raw_cpu_read(hits);
}

// A guard class over a plain pointer (DEFINE_GUARD, 6.12's
// include/linux/cleanup.h: local_lock, task_lock, mutex) unlocks in its
// destructor only `if (_T)`, `_T = *p` the pointer the guard variable
// holds. Its constructor returns the pointer it was given, here the
// address of a per-CPU lock, so the scope's end ends the section: the
// update after scoped_guard(local_lock, ...) is reported, the ones under
// the guard are not.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/guards.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct pcp {
	local_lock_t lock;
};
DEFINE_PER_CPU(struct pcp, pcps);
DEFINE_PER_CPU(int, backlog);

SYSCALL_DEFINE0(enqueue_scoped)
{
	scoped_guard (local_lock, &pcps.lock) {
		__this_cpu_inc(backlog);
	}
	__this_cpu_inc(backlog);
	// CHECK: pointer-guard.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(backlog)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: pointer-guard.c:[[@LINE-7]]:1: note: '__do_sys_enqueue_scoped' is a system call body: task context, preemptible
	return 0;
}

SYSCALL_DEFINE0(enqueue_guarded)
{
	guard(local_lock)(&pcps.lock);
	__this_cpu_inc(backlog);
	return 0;
}

/* Something reads 'backlog' for a decision, so the update above is of
 * consequence unknown (a warning), not a lost update. */
int backlog_decides(void)
{
	return raw_cpu_read(backlog);
}

// scoped_guard(spinlock_irqsave, ...) { ... }: atomic inside the block only.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/guards.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, backlog);
static spinlock_t lock;

SYSCALL_DEFINE0(enqueue)
{
	scoped_guard(spinlock_irqsave, &lock) {
		__this_cpu_inc(backlog);
	}
	__this_cpu_inc(backlog);
	// CHECK: scoped-guard.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(backlog)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: scoped-guard.c:[[@LINE-7]]:1: note: '__do_sys_enqueue' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'backlog' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int backlog_decides(void)
{
	return raw_cpu_read(backlog);
}

// spin_lock() disables preemption (not on PREEMPT_RT; kharden models the
// common configuration).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, owner);
static spinlock_t lock;

SYSCALL_DEFINE1(claim, int, id)
{
	spin_lock(&lock);
	__this_cpu_write(owner, id);
	spin_unlock(&lock);
	__this_cpu_write(owner, 0);
	// CHECK: spinlock.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: spinlock.c:[[@LINE-7]]:1: note: '__do_sys_claim' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'owner' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int owner_decides(void)
{
	return raw_cpu_read(owner);
}

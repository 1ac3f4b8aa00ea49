// spin_lock_irq()/spin_unlock_irq(); the unlock turns IRQs back on.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, queued);
static spinlock_t lock;

SYSCALL_DEFINE0(drain)
{
	spin_lock_irq(&lock);
	__this_cpu_write(queued, 0);
	spin_unlock_irq(&lock);
	__this_cpu_write(queued, 1);
	// CHECK: spin-lock-irq.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(queued)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: spin-lock-irq.c:[[@LINE-7]]:1: note: '__do_sys_drain' is a system call body: task context, preemptible
	// CHECK: spin-lock-irq.c:[[@LINE-4]]:2: note: preemption and IRQs enabled here by 'spin_unlock_irq(&lock)'
	return 0;
}

/* Something reads 'queued' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int queued_decides(void)
{
	return raw_cpu_read(queued);
}

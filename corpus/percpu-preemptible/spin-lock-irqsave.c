// spin_lock_irqsave() disables preemption and IRQs; spin_unlock_irqrestore()
// restores both.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, pending);
static spinlock_t lock;

SYSCALL_DEFINE0(flush)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	__this_cpu_write(pending, 0);
	spin_unlock_irqrestore(&lock, flags);
	return __this_cpu_read(pending);
	// CHECK: spin-lock-irqsave.c:[[@LINE-1]]:9: warning: per-CPU read '__this_cpu_read(pending)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: spin-lock-irqsave.c:[[@LINE-9]]:1: note: '__do_sys_flush' is a system call body: task context, preemptible
}

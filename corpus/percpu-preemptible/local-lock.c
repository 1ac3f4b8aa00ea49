// local_lock() and local_lock_irqsave() protect per-CPU data.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/local_lock.h>
#include <linux/syscalls.h>

struct stats { local_lock_t lock; long n; };
DEFINE_PER_CPU(struct stats, stats);

SYSCALL_DEFINE0(account)
{
	unsigned long flags;

	local_lock(&stats.lock);
	__this_cpu_inc(stats.n);
	local_unlock(&stats.lock);

	local_lock_irqsave(&stats.lock, flags);
	__this_cpu_add(stats.n, 2);
	local_unlock_irqrestore(&stats.lock, flags);
	return 0;
}

// Callees that sleep only in a context of their own making: one drops the
// lock its caller holds around the sleep, one enables IRQs first. Neither
// sleep is its caller's. Nothing to report.
// RUN: %kharden check --checks=sleep-in-atomic %s -- %kflags | count 0
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t lock;

/* Called with lock held; drops it to wait. */
static void wait_unlocked(void)
{
	spin_unlock(&lock);
	msleep(1);
	spin_lock(&lock);
}

static void wait_irqs_on(void)
{
	local_irq_enable();
	msleep(1);
}

void waiter(void)
{
	spin_lock(&lock);
	wait_unlocked();
	spin_unlock(&lock);
	local_irq_disable();
	wait_irqs_on();
}

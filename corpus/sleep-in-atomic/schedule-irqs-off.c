// Entering the scheduler is checked by the scheduler: schedule_debug()
// warns of a preempt count or an RCU reader, not of IRQs disabled, since
// __schedule() disables IRQs itself and returns with them on. arm64's
// do_notify_resume() calls schedule() with IRQs masked; the same call with
// preemption disabled, in an RCU reader or in a hard IRQ is a bug. A
// function that reaches only schedule() sleeps the same way for its
// callers; one that also reaches msleep() does not.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/sleeping.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t lock;

void notify_resume(void)
{
	local_irq_disable();
	schedule();
	local_irq_disable();
}

void scheduled_preempt_off(void)
{
	preempt_disable();
	schedule();
	preempt_enable();
}
// CHECK: schedule-irqs-off.c:28:2: warning: 'schedule()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: schedule-irqs-off.c:27:2: note: atomic region begun here by 'preempt_disable()'

void scheduled_in_rcu(void)
{
	rcu_read_lock();
	schedule();
	rcu_read_unlock();
}
// CHECK: schedule-irqs-off.c:37:2: warning: 'schedule()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: schedule-irqs-off.c:36:2: note: RCU read-side critical section begun here by 'rcu_read_lock()'

static void wait_a_while(void)
{
	schedule();
}

static void wait_longer(void)
{
	msleep(1);
	schedule();
}

void callers(void)
{
	local_irq_disable();
	wait_a_while();
	local_irq_enable();

	spin_lock_irq(&lock);
	wait_a_while();
	spin_unlock_irq(&lock);

	local_irq_disable();
	wait_longer();
	local_irq_enable();
}
// CHECK: schedule-irqs-off.c:61:2: warning: 'wait_a_while()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: schedule-irqs-off.c:60:2: note: atomic region begun here by 'spin_lock_irq(&lock)'
// CHECK: schedule-irqs-off.c:45:2: note: 'schedule()' may sleep here
// CHECK: schedule-irqs-off.c:65:2: warning: 'wait_longer()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: schedule-irqs-off.c:64:2: note: atomic region begun here by 'local_irq_disable()'
// CHECK: schedule-irqs-off.c:50:2: note: 'msleep()' may sleep here

static irqreturn_t dev_irq(int irq, void *dev)
{
	schedule();
	return 0;
}

int probe(void)
{
	return request_irq(3, dev_irq, 0, "dev", 0);
}
// CHECK: schedule-irqs-off.c:77:2: warning: 'schedule()' may sleep, called where the context may be a hard IRQ [sleep-in-atomic]
// CHECK: schedule-irqs-off.c:83:24: note: 'dev_irq' is a hard IRQ handler: IRQs disabled

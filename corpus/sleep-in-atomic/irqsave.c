// spin_lock_irqsave() disables IRQs: the message says so.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

static spinlock_t lock;
static struct completion done;

void wait_done(void)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	wait_for_completion(&done);
	spin_unlock_irqrestore(&lock, flags);
}
// CHECK: irqsave.c:14:2: warning: 'wait_for_completion()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: irqsave.c:13:2: note: atomic region begun here by 'spin_lock_irqsave(&lock, flags)'

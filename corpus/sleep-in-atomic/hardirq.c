// A hard IRQ handler: a user copy reached from it may fault and sleep.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/interrupt.h>
#include <linux/uaccess.h>

static char buf[16];
static void __user *ubuf;

static irqreturn_t dev_irq(int irq, void *dev)
{
	copy_to_user(ubuf, buf, sizeof(buf));
	return 0;
}

int probe(void)
{
	return request_irq(3, dev_irq, 0, "dev", 0);
}
// CHECK: hardirq.c:11:2: warning: 'copy_to_user()' may sleep, called where the context may be a hard IRQ [sleep-in-atomic]
// CHECK: hardirq.c:17:24: note: 'dev_irq' is a hard IRQ handler: IRQs disabled

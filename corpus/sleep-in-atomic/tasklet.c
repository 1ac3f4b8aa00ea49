// A tasklet runs in softirq context: msleep() there is reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/interrupt.h>
#include <linux/sched.h>

static struct tasklet_struct tl;

static void rx_tasklet(unsigned long data)
{
	msleep(1);
}

void setup(void)
{
	tasklet_init(&tl, rx_tasklet, 0);
}
// CHECK: tasklet.c:10:2: warning: 'msleep()' may sleep, called where the context may be a softirq [sleep-in-atomic]
// CHECK: tasklet.c:15:20: note: 'rx_tasklet' is a tasklet: runs in softirq context, with BH disabled

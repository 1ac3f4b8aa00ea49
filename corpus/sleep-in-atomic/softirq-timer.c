// A timer callback runs in softirq context: a sleep in what it calls is
// reported at its call, with the registration that says so.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/interrupt.h>
#include <linux/mutex.h>

static struct mutex m;
static struct timer_list t;

static void refill(void)
{
	mutex_lock(&m);
	mutex_unlock(&m);
}

static void expire(struct timer_list *timer)
{
	refill();
}

void start(void)
{
	timer_setup(&t, expire, 0);
}
// CHECK: softirq-timer.c:18:2: warning: 'refill()' may sleep, called where the context may be a softirq [sleep-in-atomic]
// CHECK: softirq-timer.c:23:18: note: 'expire' is a timer callback: runs in softirq context, with BH disabled
// CHECK: softirq-timer.c:12:2: note: 'mutex_lock()' may sleep here

// A callee that sleeps only where in_interrupt() said no: a timer callback
// (softirq) never takes that path. Nothing to report.
// RUN: %kharden check --checks=sleep-in-atomic %s -- %kflags | count 0
#include <linux/interrupt.h>
#include <linux/mutex.h>

int in_interrupt(void);
static struct mutex m;
static struct timer_list t;

static void flush(void)
{
	if (!in_interrupt()) {
		mutex_lock(&m);
		mutex_unlock(&m);
	}
}

static void expire(struct timer_list *timer)
{
	flush();
}

void start(void)
{
	timer_setup(&t, expire, 0);
}

// A sleep two calls down from the lock: reported once, at the call made
// inside the atomic region, with notes down to the sleeping primitive.
// Neither callee is reported: the caller's lock is the bug.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t lock;

static void wait_hw(void)
{
	msleep(10);
}

static void reset_hw(void)
{
	wait_hw();
}

void reset(void)
{
	spin_lock(&lock);
	reset_hw();
	spin_unlock(&lock);
}
// CHECK: nested-calls.c:23:2: warning: 'reset_hw()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: nested-calls.c:22:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: nested-calls.c:17:2: note: 'wait_hw()' called here may sleep
// CHECK: nested-calls.c:12:2: note: 'msleep()' may sleep here

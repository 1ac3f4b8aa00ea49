// A function that sleeps under its own lock is reported there; its callers
// under their locks are not reported again for it, since the sleep is not
// one it does for them.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t inner, outer;

static void settle(void)
{
	spin_lock(&inner);
	msleep(1);
	spin_unlock(&inner);
}

void settle_all(void)
{
	spin_lock(&outer);
	settle();
	spin_unlock(&outer);
}
// CHECK: own-lock.c:13:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: own-lock.c:12:2: note: atomic region begun here by 'spin_lock(&inner)'

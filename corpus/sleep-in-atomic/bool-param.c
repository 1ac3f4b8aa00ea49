// A flag parameter that says whether the callee may block: a caller that
// passes 0 under a lock is fine, one that passes 1 is not.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

static spinlock_t lock;

static void drain(int may_block)
{
	if (may_block)
		schedule();
}

void drain_locked(void)
{
	spin_lock(&lock);
	drain(0);
	drain(1);
	spin_unlock(&lock);
}
// CHECK: bool-param.c:19:2: warning: 'drain()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: bool-param.c:17:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: bool-param.c:12:3: note: 'schedule()' may sleep here

// cond_resched() under a lock counts by default; CondResched=false leaves
// it out, and a bad value is a usage error.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
// RUN: %kharden check --checks=sleep-in-atomic --check-option=sleep-in-atomic.CondResched=false %s -- %kflags | count 0
// RUN: %expect-exit 2 %kharden check --checks=sleep-in-atomic --check-option=sleep-in-atomic.CondResched=maybe %s -- %kflags 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 2 %kharden check --checks=sleep-in-atomic --check-option=sleep-in-atomic.RcuFlavour=tree %s -- %kflags 2>&1 | FileCheck %s --check-prefix=BADRCU
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t lock;

void scan(void)
{
	spin_lock(&lock);
	cond_resched();
	spin_unlock(&lock);
}
// BAD: option 'sleep-in-atomic.CondResched' takes true or false, not 'maybe'
// BADRCU: option 'sleep-in-atomic.RcuFlavour' takes preempt or non-preempt, not 'tree'
// CHECK: cond-resched.c:15:2: warning: 'cond_resched()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: cond-resched.c:14:2: note: atomic region begun here by 'spin_lock(&lock)'

// A trylock takes the lock on the branch where it succeeded: a sleep there
// is reported, one on the branch where it failed is not.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

int _raw_spin_trylock(raw_spinlock_t *lock);
#define raw_spin_trylock(lock) _raw_spin_trylock(lock)
static raw_spinlock_t lock;

void poll_once(void)
{
	if (!raw_spin_trylock(&lock)) {
		msleep(1);
		return;
	}
	schedule();
	raw_spin_unlock(&lock);
}
// CHECK: trylock.c:17:2: warning: 'schedule()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: trylock.c:13:7: note: atomic region begun here by 'raw_spin_trylock(&lock)'

// A reader that calls a function that sleeps: reported at the call; a
// callee that opens its own reader makes its own callee's sleep its own.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/sleeping.h>

static struct mutex m;

static void lookup_slow(void)
{
	mutex_lock(&m);
	mutex_unlock(&m);
}

int lookup(void)
{
	rcu_read_lock();
	lookup_slow();
	rcu_read_unlock();
	return 0;
}
// CHECK: rcu-callee.c:18:2: warning: 'lookup_slow()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: rcu-callee.c:17:2: note: RCU read-side critical section begun here by 'rcu_read_lock()'
// CHECK: rcu-callee.c:11:2: note: 'mutex_lock()' may sleep here

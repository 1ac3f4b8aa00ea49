// An RCU reader must not block, whichever the RCU flavour; the flavour
// option only says why. synchronize_rcu() after the reader is fine.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
// RUN: not %kharden check --checks=sleep-in-atomic --check-option=sleep-in-atomic.RcuFlavour=non-preempt %s -- %kflags -I %S/Inputs | FileCheck %s --check-prefix=NONPREEMPT
#include <linux/sleeping.h>

void replace_entry(void)
{
	rcu_read_lock();
	synchronize_rcu();
	rcu_read_unlock();
	synchronize_rcu();
}
// NONPREEMPT: rcu.c:10:2: warning: 'synchronize_rcu()' may sleep, called inside an RCU read-side critical section, where rcu_read_lock() disabled preemption [sleep-in-atomic]
// CHECK: rcu.c:10:2: warning: 'synchronize_rcu()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: rcu.c:9:2: note: RCU read-side critical section begun here by 'rcu_read_lock()'

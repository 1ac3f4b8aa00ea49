// A mutex taken under a spinlock: reported at the mutex_lock() call, with
// the lock that made the context atomic. After the unlock it may sleep.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/spinlock.h>

static spinlock_t lock;
static struct mutex m;

void update(void)
{
	spin_lock(&lock);
	mutex_lock(&m);
	mutex_unlock(&m);
	spin_unlock(&lock);
	mutex_lock(&m);
	mutex_unlock(&m);
}
// CHECK: spin-lock.c:13:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: spin-lock.c:12:2: note: atomic region begun here by 'spin_lock(&lock)'

// The check is opt-in: the default run and --checks without it stay quiet.
// RUN: %kharden check %s -- %kflags | count 0
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
// RUN: not %kharden check '--checks=*' %s -- %kflags | FileCheck %s %strict
// RUN: %kharden check --list-checks | FileCheck %s --check-prefix=LIST
// LIST: sleep-in-atomic (opt-in: --checks=sleep-in-atomic)

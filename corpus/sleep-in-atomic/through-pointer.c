// A call through an ops field the run stores one function in reaches it:
// its sleep is reported at the call under the lock.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct dev_ops { void (*reset)(void); };
static struct mutex m;
static spinlock_t lock;

static void slow_reset(void)
{
	mutex_lock(&m);
	mutex_unlock(&m);
}

static const struct dev_ops ops = { .reset = slow_reset };

void dev_reset(const struct dev_ops *o)
{
	spin_lock(&lock);
	o->reset();
	spin_unlock(&lock);
}
// CHECK: through-pointer.c:22:2: warning: 'slow_reset()' may sleep, called through 'struct dev_ops.reset' with preemption disabled [sleep-in-atomic]
// CHECK: through-pointer.c:21:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: through-pointer.c:13:2: note: 'mutex_lock()' may sleep here

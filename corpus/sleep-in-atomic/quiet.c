// Sleeping where the context allows it: nothing to report.
// RUN: %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | count 0
#include <linux/mutex.h>
#include <linux/sleeping.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

static spinlock_t lock;
static struct mutex m;

static void settle(void)
{
	msleep(1);
}

SYSCALL_DEFINE0(settle)
{
	spin_lock(&lock);
	spin_unlock(&lock);
	settle();
	mutex_lock(&m);
	mutex_unlock(&m);
	rcu_read_lock();
	rcu_read_unlock();
	synchronize_rcu();
	return 0;
}

// A _bh lock holds a lock and softirqs off: two counts of the preempt count,
// which spin_unlock() and local_bh_enable() may give back one at a time
// (include/linux/preempt.h, SOFTIRQ_LOCK_OFFSET). Either half of a pair may
// be the _bh one, as in netif_addr_lock_bh()/netif_addr_unlock_bh().
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/bottom_half.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

static struct mutex m;
static spinlock_t addr_lock;

static void addr_lock_bh(void)
{
	local_bh_disable();
	spin_lock(&addr_lock);
}

static void addr_unlock_bh(void)
{
	spin_unlock_bh(&addr_lock);
}

void set_rx_mode(void)
{
	addr_lock_bh();
	mutex_lock(&m);
	mutex_unlock(&m);
	addr_unlock_bh();
}
// CHECK: bh-lock-halves.c:27:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: bh-lock-halves.c:26:2: note: 'addr_lock_bh()' called here changes the preemption context

// set_rx_mode() gives back all it took: nothing here is atomic.
void change_flags(void)
{
	set_rx_mode();
	mutex_lock(&m);
	mutex_unlock(&m);
}

void unlock_in_halves(void)
{
	spin_lock_bh(&addr_lock);
	spin_unlock(&addr_lock);
	mutex_lock(&m);
	mutex_unlock(&m);
	local_bh_enable();
	mutex_lock(&m);
	mutex_unlock(&m);
}
// CHECK: bh-lock-halves.c:46:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: bh-lock-halves.c:44:2: note: atomic region begun here by 'spin_lock_bh(&addr_lock)'

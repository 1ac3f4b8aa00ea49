// kfree_rcu(obj, rcu) passes &obj->rcu, the address of a member, which is
// never NULL: kvfree_call_rcu() sleeps only without a head, so only the
// head-less call is reported (kernel/rcu/tree.c, 6.1 and 6.12).
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct group {
	int users;
	struct rcu_head rcu;
};

static spinlock_t lock;
static struct group fallback;

static void free_call(struct rcu_head *head, rcu_callback_t func)
{
	void *ptr;

	if (head) {
		ptr = (void *)head;
	} else {
		might_sleep();
		ptr = (void *)func;
	}
	kfree(ptr);
}

void put_group(struct group *grp)
{
	spin_lock(&lock);
	free_call(&grp->rcu, 0);
	free_call(&fallback.rcu, 0);
	free_call(0, (rcu_callback_t)grp);
	spin_unlock(&lock);
}
// CHECK: rcu-head.c:35:2: warning: 'free_call()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: rcu-head.c:32:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: rcu-head.c:24:3: note: 'might_sleep()' may sleep here

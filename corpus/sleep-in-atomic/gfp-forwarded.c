// Flags passed on through a wrapper: the wrapper's caller decides.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

static spinlock_t lock;

static void *pool_alloc(gfp_t gfp)
{
	if (gfpflags_allow_blocking(gfp))
		might_sleep();
	return 0;
}

static void *node_alloc(int node, gfp_t gfp)
{
	return pool_alloc(gfp);
}

void grow(void)
{
	spin_lock(&lock);
	node_alloc(0, GFP_ATOMIC);
	node_alloc(0, GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-forwarded.c:24:2: warning: 'node_alloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-forwarded.c:22:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-forwarded.c:17:9: note: 'pool_alloc()' called here may sleep
// CHECK: gfp-forwarded.c:11:3: note: 'might_sleep()' may sleep here

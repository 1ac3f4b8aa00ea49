// A sleep under gfpflags_allow_blocking(gfp) happens only where the
// caller's flags allow blocking: the bits of GFP_KERNEL and GFP_ATOMIC, as
// the tree defines them, decide, not their spelling.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

static spinlock_t lock;
#define MY_GFP_WAIT (GFP_ATOMIC | __GFP_DIRECT_RECLAIM)

static void *pool_alloc(gfp_t gfp)
{
	if (gfpflags_allow_blocking(gfp))
		might_sleep();
	return 0;
}

void fill(void)
{
	spin_lock(&lock);
	pool_alloc(GFP_ATOMIC);
	pool_alloc(GFP_KERNEL);
	pool_alloc(MY_GFP_WAIT);
	spin_unlock(&lock);
}
// CHECK: gfp-param.c:22:2: warning: 'pool_alloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-param.c:20:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-param.c:14:3: note: 'might_sleep()' may sleep here
// CHECK: gfp-param.c:23:2: warning: 'pool_alloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-param.c:20:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-param.c:14:3: note: 'might_sleep()' may sleep here

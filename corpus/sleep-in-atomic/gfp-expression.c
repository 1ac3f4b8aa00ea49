// A parameter passed on inside an expression keeps what the expression
// does not change of the caller's bits: 6.1's kcalloc_node() passes `flags
// | __GFP_ZERO` to kmalloc_array_node() (6.12's macro the same), so
// GFP_ATOMIC still cannot block below it; `gfp & ~__GFP_DIRECT_RECLAIM`
// never can.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define __GFP_ZERO 0x100u

static spinlock_t lock;

static void *array_alloc(int n, gfp_t flags)
{
	if (gfpflags_allow_blocking(flags))
		might_sleep();
	return 0;
}

static void *zalloc(int n, gfp_t flags)
{
	return array_alloc(n, flags | __GFP_ZERO);
}

static void *nowait_alloc(int n, gfp_t gfp)
{
	return array_alloc(n, gfp & ~__GFP_DIRECT_RECLAIM);
}

void fill(void)
{
	spin_lock(&lock);
	zalloc(1, GFP_ATOMIC);
	zalloc(1, GFP_KERNEL);
	nowait_alloc(1, GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-expression.c:35:2: warning: 'zalloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-expression.c:33:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-expression.c:23:9: note: 'array_alloc()' called here may sleep
// CHECK: gfp-expression.c:17:3: note: 'might_sleep()' may sleep here

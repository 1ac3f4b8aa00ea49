// A callee that changes its flags before passing them on keeps what it did
// not change of its caller's bits: 6.1's and 6.12's slab_pre_alloc_hook()
// does `flags &= gfp_allowed_mask` before might_alloc(flags), which clears
// no bit GFP_ATOMIC had clear, so GFP_ATOMIC still cannot block. OR-ing a
// bit in (`flags |= __GFP_NOWARN`) leaves the others as they were, and
// `flags &= ~__GFP_DIRECT_RECLAIM` rules blocking out for every caller.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define __GFP_NOWARN 0x2000u

static spinlock_t lock;
gfp_t gfp_allowed_mask;

static void might_alloc(gfp_t gfp)
{
	if (gfpflags_allow_blocking(gfp))
		might_sleep();
}

static void *pre_alloc(int size, gfp_t flags)
{
	flags &= gfp_allowed_mask;
	might_alloc(flags);
	return 0;
}

static void *nowarn_alloc(gfp_t flags)
{
	flags |= __GFP_NOWARN;
	return pre_alloc(8, flags);
}

static void *never_blocks(gfp_t flags)
{
	flags &= ~__GFP_DIRECT_RECLAIM;
	might_alloc(flags);
	return 0;
}

void fill(void)
{
	spin_lock(&lock);
	pre_alloc(8, GFP_ATOMIC);
	pre_alloc(8, GFP_KERNEL);
	nowarn_alloc(GFP_ATOMIC);
	nowarn_alloc(GFP_KERNEL);
	never_blocks(GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-narrowed.c:46:2: warning: 'pre_alloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-narrowed.c:44:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-narrowed.c:25:2: note: 'might_alloc()' called here may sleep
// CHECK: gfp-narrowed.c:19:3: note: 'might_sleep()' may sleep here
// CHECK: gfp-narrowed.c:48:2: warning: 'nowarn_alloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-narrowed.c:44:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-narrowed.c:32:9: note: 'pre_alloc()' called here may sleep
// CHECK: gfp-narrowed.c:25:2: note: 'might_alloc()' called here may sleep
// CHECK: gfp-narrowed.c:19:3: note: 'might_sleep()' may sleep here

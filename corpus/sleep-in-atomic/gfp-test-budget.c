// A function that tests more bits of its flags than the engine keeps
// slots for (RelState::MaxTests): 6.1's and 6.12's
// __alloc_pages_slowpath() (mm/page_alloc.c) keeps `can_direct_reclaim =
// gfp_mask & __GFP_DIRECT_RECLAIM` in a local, tests it on the way to
// every reclaim that may sleep, and tests other bits of gfp_mask in as
// many more branches. The tests that decide the most branches keep their
// slots, so GFP_ATOMIC's missing __GFP_DIRECT_RECLAIM still rules the
// reclaim out; GFP_KERNEL's does not.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

void note_flag(void);

static void reclaim(void)
{
	might_sleep();
}

static void *slowpath(gfp_t gfp_mask)
{
	int can_direct_reclaim = gfp_mask & __GFP_DIRECT_RECLAIM;

	if (gfp_mask & 0x1u)
		note_flag();
	if (gfp_mask & 0x2u)
		note_flag();
	if (gfp_mask & 0x4u)
		note_flag();
	if (gfp_mask & 0x8u)
		note_flag();
	if (gfp_mask & 0x10u)
		note_flag();
	if (gfp_mask & 0x2000u)
		note_flag();
	if (gfp_mask & 0x4000u)
		note_flag();
	if (gfp_mask & 0x8000u)
		note_flag();
	if (can_direct_reclaim)
		note_flag();
	if (!can_direct_reclaim)
		return 0;
	reclaim();
	return 0;
}

static spinlock_t lock;

void fill(void)
{
	spin_lock(&lock);
	slowpath(GFP_ATOMIC);
	slowpath(GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-test-budget.c:54:2: warning: 'slowpath()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-test-budget.c:52:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-test-budget.c:44:2: note: 'reclaim()' called here may sleep
// CHECK: gfp-test-budget.c:17:2: note: 'might_sleep()' may sleep here

// Tests of the caller's flags that decide a sleep, in functions with more
// tests than a path keeps: a call that returns the truth of a test of its
// argument is that test (gfpflags_allow_blocking(gfp_mask) in 6.1's
// try_charge_memcg(), mm/memcontrol.c, whose locals fill the local slots);
// a local never assigned after its initializer is the test it holds, from
// its first branch on (6.1's and 6.12's __alloc_pages_slowpath(),
// mm/page_alloc.c: `bool can_direct_reclaim = gfp_mask &
// __GFP_DIRECT_RECLAIM;`, before nine other tests of gfp_mask); and
// WARN_ON_ONCE(cond)'s value is cond's truth (the same function clears a
// bit of gfp_mask where its WARN_ON_ONCE() holds, which GFP_ATOMIC's bits
// rule out). GFP_ATOMIC under a spinlock is no finding; GFP_KERNEL is.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/bug.h>
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define __GFP_B1 0x1u
#define __GFP_B2 0x2u
#define __GFP_B3 0x4u
#define __GFP_B4 0x8u
#define __GFP_B5 0x10u
#define __GFP_B6 0x100u
#define __GFP_B7 0x200u
#define __GFP_B8 0x800u

int pick(int n);
static int seen;

static int charge(gfp_t gfp)
{
	int a = pick(1), b = pick(2), c = pick(3), d = pick(4);
	int e = pick(5), f = pick(6), g = pick(7), h = pick(8);

	if (a)
		seen++;
	if (b)
		seen++;
	if (c)
		seen++;
	if (d)
		seen++;
	if (e)
		seen++;
	if (f)
		seen++;
	if (g)
		seen++;
	if (h)
		seen++;
	if (!gfpflags_allow_blocking(gfp))
		return -1;
	might_sleep();
	return 0;
}

static void slowpath(gfp_t gfp)
{
	_Bool can_block = gfp & __GFP_DIRECT_RECLAIM;
	_Bool no_block = !can_block;

	if (can_block && pick(0))
		seen++;
	if (gfp & __GFP_B1)
		seen++;
	if (gfp & __GFP_B2)
		seen++;
	if (gfp & __GFP_B3)
		seen++;
	if (gfp & __GFP_B4)
		seen++;
	if (gfp & __GFP_B5)
		seen++;
	if (gfp & __GFP_B6)
		seen++;
	if (gfp & __GFP_B7)
		seen++;
	if (gfp & __GFP_B8)
		seen++;
	if (no_block)
		return;
	might_sleep();
}

static void warned(gfp_t gfp)
{
	if (WARN_ON_ONCE((gfp & (__GFP_HIGH | __GFP_DIRECT_RECLAIM)) ==
			 (__GFP_HIGH | __GFP_DIRECT_RECLAIM)))
		gfp &= ~__GFP_HIGH;
	if (gfp & __GFP_DIRECT_RECLAIM)
		might_sleep();
}

static spinlock_t lock;

void fill(void)
{
	spin_lock(&lock);
	charge(GFP_ATOMIC);
	slowpath(GFP_ATOMIC);
	warned(GFP_ATOMIC);
	charge(GFP_KERNEL);
	slowpath(GFP_KERNEL);
	warned(GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-tests-past-the-slots.c:101:2: warning: 'charge()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-tests-past-the-slots.c:97:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-tests-past-the-slots.c:52:2: note: 'might_sleep()' may sleep here
// CHECK: gfp-tests-past-the-slots.c:102:2: warning: 'slowpath()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-tests-past-the-slots.c:97:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-tests-past-the-slots.c:81:2: note: 'might_sleep()' may sleep here
// CHECK: gfp-tests-past-the-slots.c:103:2: warning: 'warned()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-tests-past-the-slots.c:97:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-tests-past-the-slots.c:90:3: note: 'might_sleep()' may sleep here

// A callee that returns its argument with bits cleared: 6.1's and 6.12's
// current_gfp_context() (include/linux/sched/mm.h) clears __GFP_IO,
// __GFP_FS or __GFP_MOVABLE by the task's flags and returns the rest;
// __get_pages() does `gfp = current_gfp_context(gfp)` before passing gfp
// on. Its return is a function of its caller's bits that never sets one,
// so GFP_ATOMIC stays non-blocking through it; a callee that returns
// something else keeps nothing of the caller's bits.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define PF_MEMALLOC_NOIO 0x80000u
#define PF_MEMALLOC_NOFS 0x40000u

unsigned int task_flags(void);

static gfp_t gfp_context(gfp_t flags)
{
	unsigned int pflags = task_flags();

	if (pflags & PF_MEMALLOC_NOIO)
		flags &= ~(__GFP_IO | __GFP_FS);
	else if (pflags & PF_MEMALLOC_NOFS)
		flags &= ~__GFP_FS;
	return flags;
}

static gfp_t forced_blocking(gfp_t flags)
{
	return flags | __GFP_DIRECT_RECLAIM;
}

static void might_alloc(gfp_t gfp)
{
	if (gfpflags_allow_blocking(gfp))
		might_sleep();
}

static void *get_pages(gfp_t gfp)
{
	gfp = gfp_context(gfp);
	might_alloc(gfp);
	return 0;
}

static void *alloc_direct(gfp_t gfp)
{
	might_alloc(gfp_context(gfp));
	return 0;
}

static void *alloc_forced(gfp_t gfp)
{
	gfp = forced_blocking(gfp);
	might_alloc(gfp);
	return 0;
}

static spinlock_t lock;

void fill(void)
{
	spin_lock(&lock);
	get_pages(GFP_ATOMIC);
	alloc_direct(GFP_ATOMIC);
	alloc_forced(GFP_ATOMIC);
	get_pages(GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-returned.c:66:2: warning: 'alloc_forced()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-returned.c:63:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-returned.c:55:2: note: 'might_alloc()' called here may sleep
// CHECK: gfp-returned.c:36:3: note: 'might_sleep()' may sleep here
// CHECK: gfp-returned.c:67:2: warning: 'get_pages()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-returned.c:63:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-returned.c:42:2: note: 'might_alloc()' called here may sleep
// CHECK: gfp-returned.c:36:3: note: 'might_sleep()' may sleep here

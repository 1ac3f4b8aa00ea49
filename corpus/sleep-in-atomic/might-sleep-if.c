// might_sleep_if(cond) is evidence only where cond is literally true (the
// kernel model's primitive): a condition the callers' arguments would
// decide is not followed. Its expansion, `if (cond) might_sleep();`, would
// report a caller passing 1 or GFP_KERNEL under a lock, but also every
// caller whose mask the engine does not know (6.12's skb_unclone() below
// do_one_broadcast()'s `p->allocation`: 32 false findings on `fs/ net/`,
// docs/triage.md "Session 44"). So the two sleeps under the lock below
// are known misses, and only the literal one is reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)

static spinlock_t lock;

static void maybe_block(int may_block)
{
	might_sleep_if(may_block);
}

static void *get_buffer(gfp_t gfp)
{
	might_sleep_if(gfp & __GFP_DIRECT_RECLAIM);
	return 0;
}

void locked(int unknown)
{
	spin_lock(&lock);
	maybe_block(0);
	get_buffer(GFP_ATOMIC);
	maybe_block(1);
	get_buffer(GFP_KERNEL);
	maybe_block(unknown);
	might_sleep_if(1);
	spin_unlock(&lock);
}
// CHECK: might-sleep-if.c:37:2: warning: 'might_sleep_if()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:31:2: note: atomic region begun here by 'spin_lock(&lock)'

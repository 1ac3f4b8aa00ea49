// might_sleep_if(cond) is its expansion, `if (cond) might_sleep();`
// (include/linux/kernel.h, 6.1 and 6.12): a test of the parameters that
// the callers' arguments decide, a flag's truth or a GFP mask's bits.
// Under a lock, a caller passing 0 or GFP_ATOMIC is fine, one passing 1
// or GFP_KERNEL is not, and one passing what it does not know may sleep.
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
	spin_unlock(&lock);
}
// CHECK: might-sleep-if.c:31:2: warning: 'maybe_block()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:28:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:17:2: note: 'might_sleep()' may sleep here
// CHECK: might-sleep-if.c:11:45: note: expanded from macro 'might_sleep_if'
// CHECK: might-sleep-if.c:32:2: warning: 'get_buffer()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:28:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:22:2: note: 'might_sleep()' may sleep here
// CHECK: might-sleep-if.c:11:45: note: expanded from macro 'might_sleep_if'
// CHECK: might-sleep-if.c:33:2: warning: 'maybe_block()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:28:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:17:2: note: 'might_sleep()' may sleep here
// CHECK: might-sleep-if.c:11:45: note: expanded from macro 'might_sleep_if'

// might_sleep_if(cond) sleeps where cond holds, as a constant or the
// callers' arguments say (the kernel model's `if-argument`): a parameter,
// a test of its bits, gfpflags_allow_blocking() of it, through wrappers. A
// mask nothing says (kept in a field, a caller's unknown) is no sleep:
// 6.12's skb_unclone() below do_one_broadcast()'s `p->allocation` would
// otherwise be 32 false findings on `fs/ net/` (docs/triage.md, "Session
// 44").
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)

static spinlock_t lock;

struct request {
	gfp_t allocation;
};

static void maybe_block(int may_block)
{
	might_sleep_if(may_block);
}

static void unless_atomic(int atomic)
{
	might_sleep_if(!atomic);
}

static void *get_buffer(gfp_t gfp)
{
	might_sleep_if(gfp & __GFP_DIRECT_RECLAIM);
	return 0;
}

static void *unclone(gfp_t pri)
{
	might_sleep_if(gfpflags_allow_blocking(pri));
	return 0;
}

static void *clone_for(gfp_t gfp)
{
	return unclone(gfp);
}

// skb_unclone() -> pskb_expand_head() -> ... -> skb_unclone() in 6.12: the
// annotation's own test says nothing of the mask passed on after it.
static void *unclone_again(gfp_t pri)
{
	might_sleep_if(gfpflags_allow_blocking(pri));
	return unclone(pri);
}

void locked(int unknown, struct request *r)
{
	spin_lock(&lock);
	maybe_block(0);
	get_buffer(GFP_ATOMIC);
	maybe_block(1);
	get_buffer(GFP_KERNEL);
	maybe_block(unknown);
	unless_atomic(1);
	unless_atomic(0);
	unclone(r->allocation);
	unclone_again(r->allocation);
	clone_for(GFP_ATOMIC);
	clone_for(GFP_KERNEL);
	might_sleep_if(0);
	might_sleep_if(1);
	spin_unlock(&lock);
}

// Under its own lock, for the callers that pass a blocking mask.
static void *locked_alloc(gfp_t gfp)
{
	void *p;

	spin_lock(&lock);
	p = unclone(gfp);
	spin_unlock(&lock);
	return p;
}

void *atomic_user(void)
{
	return locked_alloc(GFP_ATOMIC);
}

void *blocking_user(void)
{
	return locked_alloc(GFP_KERNEL);
}

// The annotation itself under the lock: one caller passes what makes it.
static void locked_wait(int may_block)
{
	spin_lock(&lock);
	might_sleep_if(may_block);
	spin_unlock(&lock);
}

void waits(void)
{
	locked_wait(0);
	locked_wait(1);
}

// With no caller in the run, nothing says what may_block is.
static void locked_wait_alone(int may_block)
{
	spin_lock(&lock);
	might_sleep_if(may_block);
	spin_unlock(&lock);
}

// CHECK: might-sleep-if.c:60:2: warning: 'maybe_block()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:57:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:22:2: note: 'might_sleep_if()' may sleep here
// CHECK: might-sleep-if.c:61:2: warning: 'get_buffer()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:57:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:32:2: note: 'might_sleep_if()' may sleep here
// CHECK: might-sleep-if.c:64:2: warning: 'unless_atomic()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:57:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:27:2: note: 'might_sleep_if()' may sleep here
// CHECK: might-sleep-if.c:68:2: warning: 'clone_for()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:57:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:44:9: note: 'unclone()' called here may sleep
// CHECK: might-sleep-if.c:38:2: note: 'might_sleep_if()' may sleep here
// CHECK: might-sleep-if.c:70:2: warning: 'might_sleep_if()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:57:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:80:6: warning: 'unclone()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:79:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: might-sleep-if.c:38:2: note: 'might_sleep_if()' may sleep here
// CHECK: might-sleep-if.c:99:2: warning: 'might_sleep_if()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: might-sleep-if.c:98:2: note: atomic region begun here by 'spin_lock(&lock)'

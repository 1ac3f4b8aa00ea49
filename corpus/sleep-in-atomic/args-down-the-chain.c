// Arguments decide at every call down the chain, not only at the first:
// free_obj() sleeps only when asked to wait, and release() never asks.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t lock;

static void free_obj(void *ptr, int wait)
{
	if (wait)
		might_sleep();
}

static void release(void *o)
{
	free_obj(o, 0);
}

static void release_sync(void *o)
{
	free_obj(o, 1);
}

void drop(void *o)
{
	spin_lock(&lock);
	release(o);
	release_sync(o);
	spin_unlock(&lock);
}
// CHECK: args-down-the-chain.c:29:2: warning: 'release_sync()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: args-down-the-chain.c:27:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: args-down-the-chain.c:22:2: note: 'free_obj()' called here may sleep
// CHECK: args-down-the-chain.c:12:3: note: 'might_sleep()' may sleep here

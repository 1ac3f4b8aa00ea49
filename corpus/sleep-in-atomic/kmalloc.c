// kmalloc() with GFP_KERNEL under a lock (the kernel model's allocation
// primitives); GFP_ATOMIC is fine.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/slab.h>
#include <linux/spinlock.h>

static spinlock_t lock;
static void *slot;

void stash(void)
{
	spin_lock(&lock);
	slot = kmalloc(32, GFP_ATOMIC);
	kfree(slot);
	slot = kzalloc(32, GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: kmalloc.c:15:9: warning: 'kzalloc()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: kmalloc.c:12:2: note: atomic region begun here by 'spin_lock(&lock)'

// A callee in another file whose return is its argument with bits
// changed: 6.12's ___kmalloc_large_node() (mm/slub.c) does `if
// (unlikely(flags & GFP_SLAB_BUG_MASK)) flags = kmalloc_fix_flags(flags);`,
// and kmalloc_fix_flags() (mm/slab_common.c) only clears those bits, so
// GFP_ATOMIC stays non-blocking past the join (kstrdup(.., GFP_ATOMIC)
// under rcu_read_lock() in kernel/auditsc.c reached the page allocator's
// node_reclaim() as blocking). The run analyses the caller again with the
// callee's transfer; a callee that forces the blocking bit is reported.
// Alone, the caller's file knows neither.
// RUN: not %kharden check --checks=sleep-in-atomic %s %S/Inputs/gfp-fix.c -- %kflags -I %S/Inputs | FileCheck %s %strict
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s --check-prefix=ALONE %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define GFP_SLAB_BUG_MASK 0x3u
#define __GFP_COMP 0x40000u

gfp_t kmalloc_fix_flags(gfp_t flags);
gfp_t blocking_fix_flags(gfp_t flags);

static void might_alloc(gfp_t gfp)
{
	if (gfpflags_allow_blocking(gfp))
		might_sleep();
}

static void *kmalloc_large(gfp_t flags)
{
	if (flags & GFP_SLAB_BUG_MASK)
		flags = kmalloc_fix_flags(flags);
	flags |= __GFP_COMP;
	might_alloc(flags);
	return 0;
}

static void *kmalloc_blocking(gfp_t flags)
{
	if (flags & GFP_SLAB_BUG_MASK)
		flags = blocking_fix_flags(flags);
	might_alloc(flags);
	return 0;
}

static spinlock_t lock;

void fill(void)
{
	spin_lock(&lock);
	kmalloc_large(GFP_ATOMIC);
	kmalloc_blocking(GFP_ATOMIC);
	kmalloc_large(GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-returned-across-files.c:50:2: warning: 'kmalloc_blocking()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-returned-across-files.c:48:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-returned-across-files.c:40:2: note: 'might_alloc()' called here may sleep
// CHECK: gfp-returned-across-files.c:24:3: note: 'might_sleep()' may sleep here
// CHECK: gfp-returned-across-files.c:51:2: warning: 'kmalloc_large()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-returned-across-files.c:48:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-returned-across-files.c:32:2: note: 'might_alloc()' called here may sleep
// CHECK: gfp-returned-across-files.c:24:3: note: 'might_sleep()' may sleep here
// ALONE: gfp-returned-across-files.c:49:2: warning: 'kmalloc_large()' may sleep, called with preemption disabled [sleep-in-atomic]
// ALONE: gfp-returned-across-files.c:48:2: note: atomic region begun here by 'spin_lock(&lock)'
// ALONE: gfp-returned-across-files.c:32:2: note: 'might_alloc()' called here may sleep
// ALONE: gfp-returned-across-files.c:24:3: note: 'might_sleep()' may sleep here
// ALONE: gfp-returned-across-files.c:50:2: warning: 'kmalloc_blocking()' may sleep, called with preemption disabled [sleep-in-atomic]
// ALONE: gfp-returned-across-files.c:48:2: note: atomic region begun here by 'spin_lock(&lock)'
// ALONE: gfp-returned-across-files.c:40:2: note: 'might_alloc()' called here may sleep
// ALONE: gfp-returned-across-files.c:24:3: note: 'might_sleep()' may sleep here
// ALONE: gfp-returned-across-files.c:51:2: warning: 'kmalloc_large()' may sleep, called with preemption disabled [sleep-in-atomic]
// ALONE: gfp-returned-across-files.c:48:2: note: atomic region begun here by 'spin_lock(&lock)'
// ALONE: gfp-returned-across-files.c:32:2: note: 'might_alloc()' called here may sleep
// ALONE: gfp-returned-across-files.c:24:3: note: 'might_sleep()' may sleep here

// A local copy of the caller's flags lent to a callee that only ORs a bit
// into it: 6.1's and 6.12's __alloc_pages() (mm/page_alloc.c) does
// `alloc_gfp = gfp`, passes `&alloc_gfp` to prepare_alloc_pages(), which
// may do `*alloc_gfp |= __GFP_HARDWALL` and nothing else with it, then
// passes alloc_gfp on to get_page_from_freelist(). GFP_ATOMIC stays
// non-blocking through that. A callee that keeps the pointer, or one the
// file does not have, may change the local later: nothing is known of it.
// printk() only reads what it is given (the kernel model's
// `read-only-arguments`): kmalloc_fix_flags() (mm/slab_common.c) prints
// `&flags` and returns flags with bits cleared.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define __GFP_HARDWALL 0x100000u

int cpusets_enabled(void);
int _printk(const char *fmt, ...);
void opaque_prepare(gfp_t *alloc_gfp);

static gfp_t *kept;

static int prepare_alloc_pages(gfp_t gfp, gfp_t *alloc_gfp)
{
	if (cpusets_enabled())
		*alloc_gfp |= __GFP_HARDWALL;
	return gfp != 0;
}

static void keep(gfp_t *alloc_gfp)
{
	kept = alloc_gfp;
}

static void from_freelist(gfp_t gfp)
{
	if (gfpflags_allow_blocking(gfp))
		might_sleep();
}

static void *get_pages(gfp_t gfp)
{
	gfp_t alloc_gfp;

	alloc_gfp = gfp;
	if (!prepare_alloc_pages(gfp, &alloc_gfp))
		return 0;
	from_freelist(alloc_gfp);
	return 0;
}

static void *alloc_kept(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;

	keep(&alloc_gfp);
	from_freelist(alloc_gfp);
	return 0;
}

static void *alloc_opaque(gfp_t gfp)
{
	gfp_t alloc_gfp = gfp;

	opaque_prepare(&alloc_gfp);
	from_freelist(alloc_gfp);
	return 0;
}

static gfp_t fix_flags(gfp_t flags)
{
	flags &= ~__GFP_HARDWALL;
	_printk("Fixing up to gfp: %pGg\n", &flags);
	return flags;
}

static void *alloc_large(gfp_t flags)
{
	if (flags & __GFP_HARDWALL)
		flags = fix_flags(flags);
	return get_pages(flags);
}

static spinlock_t lock;

void fill(void)
{
	spin_lock(&lock);
	get_pages(GFP_ATOMIC);
	alloc_kept(GFP_ATOMIC);
	alloc_opaque(GFP_ATOMIC);
	alloc_large(GFP_ATOMIC);
	get_pages(GFP_KERNEL);
	spin_unlock(&lock);
}
// CHECK: gfp-out-param.c:90:2: warning: 'alloc_kept()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-out-param.c:88:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-out-param.c:57:2: note: 'from_freelist()' called here may sleep
// CHECK: gfp-out-param.c:38:3: note: 'might_sleep()' may sleep here
// CHECK: gfp-out-param.c:91:2: warning: 'alloc_opaque()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-out-param.c:88:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-out-param.c:66:2: note: 'from_freelist()' called here may sleep
// CHECK: gfp-out-param.c:38:3: note: 'might_sleep()' may sleep here
// CHECK: gfp-out-param.c:93:2: warning: 'get_pages()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: gfp-out-param.c:88:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: gfp-out-param.c:48:2: note: 'from_freelist()' called here may sleep
// CHECK: gfp-out-param.c:38:3: note: 'might_sleep()' may sleep here

// A test of a parameter's bits is decided by the constant a caller passes,
// and by what the caller's own callers pass where it passes the parameter
// on: alloc_skb_fclone() passes SKB_ALLOC_FCLONE, which is not zero but
// fails __alloc_skb()'s `(flags & (FCLONE | NAPI)) == NAPI`, so it never
// takes the NAPI cache; idr_alloc(GFP_KERNEL) reaches
// radix_tree_node_alloc(), whose per-CPU preload pool is read only where
// gfpflags_allow_blocking() returns false, which a callee's test of
// __GFP_DIRECT_RECLAIM decides. No finding here must come from those paths.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/syscalls.h>

#define SKB_ALLOC_FCLONE 0x01
#define SKB_ALLOC_NAPI 0x04
int in_interrupt(void);

DEFINE_PER_CPU(int, napi_cache);
DEFINE_PER_CPU(int, preloads);

static void napi_cache_get(void)
{
	__this_cpu_inc(napi_cache);
}

static void alloc_skb_flags(int size, int flags)
{
	if ((flags & (SKB_ALLOC_FCLONE | SKB_ALLOC_NAPI)) == SKB_ALLOC_NAPI)
		napi_cache_get();
}

static void alloc_skb_fclone(int size)
{
	alloc_skb_flags(size, SKB_ALLOC_FCLONE);
}

// A parameter the path changes says nothing of the caller's constant.
static void alloc_skb_forced(int size, int flags)
{
	flags |= SKB_ALLOC_NAPI;
	if ((flags & (SKB_ALLOC_FCLONE | SKB_ALLOC_NAPI)) == SKB_ALLOC_NAPI)
		__this_cpu_inc(napi_cache);
	// CHECK: parameter-bits.c:[[@LINE-1]]:3: warning: per-CPU read-modify-write '__this_cpu_inc(napi_cache)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: parameter-bits.c:[[@LINE+9]]:1: note: '__do_sys_fclone' is a system call body: task context, preemptible
	// CHECK: parameter-bits.c:[[@LINE+12]]:2: note: 'alloc_skb_forced' called here
}

static void fclone_wrapper(int size)
{
	alloc_skb_fclone(size);
}

SYSCALL_DEFINE0(fclone)
{
	fclone_wrapper(64);
	alloc_skb_fclone(128);
	alloc_skb_forced(32, SKB_ALLOC_FCLONE);
	return 0;
}

// What is known of a value's bits decides such a test too:
// __pskb_copy_fclone() passes `skb_alloc_rx_flag(skb) | (fclone ?
// SKB_ALLOC_FCLONE : 0)`, which never has SKB_ALLOC_NAPI set.
#define SKB_ALLOC_RX 0x02
struct sk_buff { int pfmemalloc; };

static inline int rx_flag(const struct sk_buff *skb)
{
	if (skb->pfmemalloc)
		return SKB_ALLOC_RX;
	return 0;
}

static void alloc_skb_copy(int size, int flags)
{
	if ((flags & (SKB_ALLOC_FCLONE | SKB_ALLOC_NAPI)) == SKB_ALLOC_NAPI)
		__this_cpu_inc(napi_cache);
}

static void pskb_copy_fclone(struct sk_buff *skb, int fclone)
{
	unsigned int flags = rx_flag(skb) | (fclone ? SKB_ALLOC_FCLONE : 0);

	alloc_skb_copy(64, flags);
}

// Where the bit may be set, the test may hold.
static void alloc_skb_maybe_napi(int size, int flags)
{
	if ((flags & (SKB_ALLOC_FCLONE | SKB_ALLOC_NAPI)) == SKB_ALLOC_NAPI)
		__this_cpu_inc(napi_cache);
	// CHECK: parameter-bits.c:[[@LINE-1]]:3: warning: per-CPU read-modify-write '__this_cpu_inc(napi_cache)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: parameter-bits.c:[[@LINE+4]]:1: note: '__do_sys_copy' is a system call body: task context, preemptible
	// CHECK: parameter-bits.c:[[@LINE+9]]:2: note: 'alloc_skb_maybe_napi' called here
}

SYSCALL_DEFINE1(copy, int, napi)
{
	struct sk_buff skb = { 0 };

	pskb_copy_fclone(&skb, 1);
	pskb_copy_fclone(&skb, 0);
	alloc_skb_maybe_napi(64, rx_flag(&skb) | (napi ? SKB_ALLOC_NAPI : 0));
	return 0;
}

static inline int allow_blocking(gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

static int node_alloc(gfp_t gfp_mask)
{
	if (!allow_blocking(gfp_mask) && !in_interrupt())
		return __this_cpu_read(preloads);
	return 0;
}

// The same test where the caller clears __GFP_DIRECT_RECLAIM (that bit of
// `gfp & ~__GFP_DIRECT_RECLAIM` is known zero): the pool is read with
// preemption enabled.
static int node_alloc_nowait(gfp_t gfp_mask)
{
	if (!allow_blocking(gfp_mask) && !in_interrupt())
		return __this_cpu_read(preloads);
	// CHECK: parameter-bits.c:[[@LINE-1]]:10: warning: per-CPU read '__this_cpu_read(preloads)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: parameter-bits.c:[[@LINE+17]]:1: note: '__do_sys_idr_kernel' is a system call body: task context, preemptible
	// CHECK: parameter-bits.c:[[@LINE+18]]:9: note: 'idr_alloc' called here
	// CHECK: parameter-bits.c:[[@LINE+12]]:9: note: 'idr_get_free' called here
	// CHECK: parameter-bits.c:[[@LINE+6]]:27: note: 'node_alloc_nowait' called here
	return 0;
}

static int idr_get_free(int max, gfp_t gfp)
{
	return node_alloc(gfp) + node_alloc_nowait(gfp & ~__GFP_DIRECT_RECLAIM) + max;
}

int idr_alloc(void *ptr, int start, gfp_t gfp)
{
	return idr_get_free(start, gfp);
}

SYSCALL_DEFINE0(idr_kernel)
{
	return idr_alloc(0, 1, GFP_KERNEL);
}


// A variable whose initializer names itself has no known bits.
void self_init(void)
{
	int flags = flags | SKB_ALLOC_FCLONE;

	alloc_skb_copy(64, flags);
}

/* Something reads 'napi_cache' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int napi_cache_decides(void)
{
	return raw_cpu_read(napi_cache);
}

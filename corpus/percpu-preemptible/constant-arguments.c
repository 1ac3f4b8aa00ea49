// A branch on a parameter that the function never changes is kept as a fact
// of the path; a caller passing a constant rules out the paths that tested
// it the other way. tcp_check_req(..., fastopen=true) from the backlog never
// reaches the counters of the !fastopen path; refresh_cpu_vm_stats(false)
// never sleeps.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, drops);
DEFINE_PER_CPU(int, expire);

static int check_req(int fastopen)
{
	if (fastopen)
		return 1;
	__this_cpu_inc(drops);
	return 0;
}

static void refresh(int do_pagesets)
{
	if (do_pagesets)
		cond_resched();
	__this_cpu_write(expire, 3);
	// CHECK: constant-arguments.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(expire)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: constant-arguments.c:[[@LINE+30]]:2: note: 'refresh' called here
	// CHECK: constant-arguments.c:[[@LINE-4]]:3: note: 'cond_resched()' may sleep: preemption and IRQs are enabled here
}

static int reassigned(int flag)
{
	flag = !flag;
	if (flag)
		return 1;
	__this_cpu_inc(drops);
	// CHECK: constant-arguments.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(drops)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: constant-arguments.c:[[@LINE+5]]:1: note: '__do_sys_backlog' is a system call body: task context, preemptible
	// CHECK: constant-arguments.c:[[@LINE+7]]:2: note: 'reassigned' called here
	return 0;
}

SYSCALL_DEFINE0(backlog)
{
	check_req(1);
	reassigned(1);
	return 0;
}

void quiet_idle(void)
{
	refresh(0);
}

void refresh_all(void)
{
	refresh(!!1);
}

// A bit of a parameter found set says the parameter is not zero; a
// parameter passed on unchanged carries the caller's constant:
// alloc_skb() passes flags 0, so __alloc_skb() never takes the NAPI cache;
// e1000's ring cleanup passes budget 0 through a helper to
// napi_consume_skb(), which then never reaches its per-CPU cache.
// (A mask compared with a non-zero constant is a bit found set, too.)
#define SKB_ALLOC_NAPI 4
DEFINE_PER_CPU(int, napi_cache);

static void alloc_skb_flags(int size, int flags)
{
	if ((flags & SKB_ALLOC_NAPI) && size < 64)
		__this_cpu_inc(napi_cache);
	if ((flags & (SKB_ALLOC_NAPI | 1)) == SKB_ALLOC_NAPI)
		__this_cpu_inc(napi_cache);
}

static void consume_skb_budget(int budget)
{
	if (!budget)
		return;
	__this_cpu_inc(napi_cache);
	// CHECK: constant-arguments.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(napi_cache)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: constant-arguments.c:[[@LINE+17]]:1: note: '__do_sys_ring_cleanup' is a system call body: task context, preemptible
	// CHECK: constant-arguments.c:[[@LINE+20]]:2: note: 'napi_consume_one' called here
	// CHECK: constant-arguments.c:[[@LINE+12]]:2: note: 'consume_skb_budget' called here
}

static void unmap_and_free(int budget)
{
	consume_skb_budget(budget);
}

static void napi_consume_one(int budget)
{
	if (budget > 64)
		return;
	consume_skb_budget(budget);
}

SYSCALL_DEFINE0(ring_cleanup)
{
	alloc_skb_flags(32, 0);
	unmap_and_free(0);
	napi_consume_one(8);
	return 0;
}

/* Something reads 'drops', 'expire', 'napi_cache' for a decision, so the
 * updates above are of consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int drops_decides(void)
{
	return raw_cpu_read(drops) || raw_cpu_read(expire) || raw_cpu_read(napi_cache);
}

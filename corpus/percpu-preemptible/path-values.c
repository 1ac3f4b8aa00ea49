// Values a path remembers (ValueSlots): a condition tested twice is taken
// the same way both times unless the function writes what it reads
// (HARD_TX_LOCK()/HARD_TX_UNLOCK(), netif_running() twice in forcedeth's
// nv_set_ringparam()); a callee's exit is selected by the value it returns
// (swap_offset_available_and_locked(), ring_buffer_lock_reserve()); a
// parameter keeps the caller's constant until the function assigns it
// (__xdp_return(napi_direct)).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

#define NULL ((void *)0)
#define F_LLTX 1
#define TX_LOCK(dev) { if (((dev)->features & F_LLTX) == 0) spin_lock(&tx_lock); }
#define TX_UNLOCK(dev) { if (((dev)->features & F_LLTX) == 0) spin_unlock(&tx_lock); }

struct event { int len; };
struct netdev { unsigned long features; int state, size; struct event ev; };

DEFINE_PER_CPU(int, recursion);
DEFINE_PER_CPU(int, dropped);
DEFINE_PER_CPU(int, committed);
DEFINE_PER_CPU(int, redirect);
static spinlock_t tx_lock;

static void recursion_dec(void)
{
	__this_cpu_inc(recursion);
	// CHECK: path-values.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(recursion)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: path-values.c:[[@LINE+18]]:1: note: '__do_sys_xmit_toggled' is a system call body: task context, preemptible
	// CHECK: path-values.c:[[@LINE+23]]:2: note: 'recursion_dec' called here
}

// The drivers run these with BH off, whose disable an unmatched unlock does
// not release (sleep-under-caller-lock.c); a preempt_disable() it does.
SYSCALL_DEFINE1(direct_xmit, struct netdev *, dev)
{
	preempt_disable();
	TX_LOCK(dev);
	__this_cpu_inc(recursion);
	TX_UNLOCK(dev);
	recursion_dec();
	preempt_enable();
	return 0;
}

// Writing the field the condition reads makes the second test a new one.
SYSCALL_DEFINE1(xmit_toggled, struct netdev *, dev)
{
	preempt_disable();
	TX_LOCK(dev);
	dev->features ^= F_LLTX;
	TX_UNLOCK(dev);
	recursion_dec();
	preempt_enable();
	return 0;
}

static inline int running(struct netdev *dev) { return dev->state & 1; }

static void init_ring(void)
{
	__this_cpu_inc(dropped);
}

SYSCALL_DEFINE1(set_ring, struct netdev *, dev)
{
	if (running(dev))
		spin_lock_bh(&tx_lock);
	dev->size = 5;
	if (running(dev)) {
		init_ring();
		spin_unlock_bh(&tx_lock);
	}
	return 0;
}

static _Bool available_and_locked(struct netdev *dev)
{
	if (dev->state) {
		spin_lock(&tx_lock);
		return 1;
	}
	return 0;
}

SYSCALL_DEFINE1(scan, struct netdev *, dev)
{
	int ok;

	if (available_and_locked(dev)) {
		__this_cpu_inc(dropped);
		spin_unlock(&tx_lock);
	}
	ok = available_and_locked(dev);
	if (!ok)
		return 0;
	__this_cpu_inc(dropped);
	spin_unlock(&tx_lock);
	return 0;
}

struct event *next_event(struct netdev *dev);

static struct event *reserve(struct netdev *dev)
{
	struct event *ev;

	preempt_disable();
	if (dev->state)
		goto out;
	ev = next_event(dev);
	if (!ev)
		goto out;
	return ev;
out:
	preempt_enable();
	return NULL;
}

static void commit(struct event *ev)
{
	__this_cpu_inc(committed);
	// CHECK: path-values.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(committed)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: path-values.c:[[@LINE+16]]:1: note: '__do_sys_write_unchecked' is a system call body: task context, preemptible
	// CHECK: path-values.c:[[@LINE+20]]:2: note: 'commit' called here
	preempt_enable();
}

SYSCALL_DEFINE1(write_event, struct netdev *, dev)
{
	struct event *ev = reserve(dev);

	if (!ev)
		return -1;
	commit(ev);
	return 0;
}

// Without the test, the path where reserve() failed reaches commit().
SYSCALL_DEFINE1(write_unchecked, struct netdev *, dev)
{
	struct event *ev;

	ev = reserve(dev);
	commit(ev);
	return 0;
}

static int no_direct(void)
{
	return *this_cpu_ptr(&redirect);
}

static void put_frame(struct netdev *dev, int napi_direct)
{
	if (napi_direct && no_direct())
		napi_direct = 0;
	dev->size = napi_direct;
}

SYSCALL_DEFINE1(return_frame, struct netdev *, dev)
{
	put_frame(dev, 0);
	return 0;
}

/* Something reads 'committed', 'recursion' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int committed_decides(void)
{
	return raw_cpu_read(committed) || raw_cpu_read(recursion);
}

// A callee that locks and unlocks under the same condition (kbuild's
// HARD_TX_LOCK()/HARD_TX_UNLOCK() shape): the path-insensitive join leaves
// unbalanced exits beside the balanced one; callers must not inherit them,
// or every loop around the call drifts into "preemptible".
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/bottom_half.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, xmit_recursion);
static spinlock_t tx_lock;

static void xmit_one(int lltx)
{
	if (!lltx)
		spin_lock(&tx_lock);
	if (!lltx)
		spin_unlock(&tx_lock);
}

SYSCALL_DEFINE1(poll_loop, int, n)
{
	while (n--) {
		local_bh_disable();
		xmit_one(n & 1);
		__this_cpu_inc(xmit_recursion);
		local_bh_enable();
	}
	__this_cpu_inc(xmit_recursion);
	// CHECK: conditional-lock-join.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(xmit_recursion)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: conditional-lock-join.c:[[@LINE-10]]:1: note: '__do_sys_poll_loop' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'xmit_recursion' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int xmit_recursion_decides(void)
{
	return raw_cpu_read(xmit_recursion);
}

// The exits of a call's targets come back to the caller: where every
// function the run stores in 'struct lock_ops.lock' disables preemption,
// so does the call through it; where they differ, each is a path of its own.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
// Another file that stores a lock_ops.lock taking no lock: the call may
// reach a function whose effects this file does not have.
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/indirect-effects-more.c -- %kflags | FileCheck %s --check-prefixes=CHECK,MIXED %strict
// With at most one target joined, calls to two keep their contexts' flow
// but take none of their effects.
// RUN: not %kharden check --checks=percpu-preemptible %s --max-indirect-targets=1 --stats -- %kflags 2>%t.err | FileCheck %s --check-prefix=CAPPED %strict
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: kharden: stats: calls through function pointers: 0 resolved, 3 capped (more than 1 target), 0 open (0 with nothing stored in the run)
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>
#include "Inputs/indirect-lock-ops.h"

DEFINE_PER_CPU(long, counter);
static spinlock_t the_lock;

static void lock_spin(void)
{
	spin_lock(&the_lock);
}

static void unlock_spin(void)
{
	spin_unlock(&the_lock);
}

static void lock_preempt(void)
{
	preempt_disable();
}

static void unlock_preempt(void)
{
	preempt_enable();
}

static const struct lock_ops spin_ops = { lock_spin, unlock_spin };
static const struct lock_ops preempt_ops = { .lock = lock_preempt,
					     .unlock = unlock_preempt };

SYSCALL_DEFINE1(locked_count, const struct lock_ops *, ops)
{
	ops->lock();
	__this_cpu_inc(counter);
	// MIXED: indirect-effects.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(counter)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// MIXED: indirect-effects.c:[[@LINE-5]]:1: note: '__do_sys_locked_count' is a system call body: task context, preemptible
	// CAPPED: indirect-effects.c:[[@LINE-3]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(counter)'
	// CAPPED: indirect-effects.c:[[@LINE-7]]:1: note: '__do_sys_locked_count' is a system call body
	ops->unlock();
	__this_cpu_inc(counter);
	// CHECK: indirect-effects.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(counter)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-effects.c:[[@LINE-11]]:1: note: '__do_sys_locked_count' is a system call body: task context, preemptible
	// CAPPED: indirect-effects.c:[[@LINE-3]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(counter)'
	// CAPPED: indirect-effects.c:[[@LINE-13]]:1: note: '__do_sys_locked_count' is a system call body
	return 0;
}

// One target may sleep, one disables preemption: after the call, the path
// through the first is preemptible, wherever the function is called from.
struct enter_ops {
	void (*enter)(void);
};
static struct mutex m;

static void enter_sleeping(void)
{
	mutex_lock(&m);
}

static void enter_atomic(void)
{
	preempt_disable();
}

static const struct enter_ops sleeping = { enter_sleeping };
static const struct enter_ops atomic = { enter_atomic };

void enter_and_count(const struct enter_ops *ops)
{
	ops->enter();
	__this_cpu_inc(counter);
	// CHECK: indirect-effects.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(counter)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-effects.c:[[@LINE-3]]:2: note: 'enter_sleeping()' (through 'struct enter_ops.enter') called here may sleep: preemption and IRQs are enabled
}

/* Something reads 'counter' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int counter_decides(void)
{
	return raw_cpu_read(counter);
}

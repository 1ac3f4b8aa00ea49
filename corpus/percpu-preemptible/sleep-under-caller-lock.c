// A callee's may-sleep point does not make a caller's atomic region
// preemptible: perf_put_aux_event() calls put_event(), which sleeps only when
// it drops the last reference, under raw_spin_lock_irq(&ctx->lock). Once the
// callee has released the caller's lock, a sleep is evidence again.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

DEFINE_PER_CPU(int, disable_count);
static raw_spinlock_t ctx_lock;
static struct mutex free_mutex;

static void put_ref(void)
{
	mutex_lock(&free_mutex);
	mutex_unlock(&free_mutex);
}

static void detach(void)
{
	put_ref();
	__this_cpu_inc(disable_count);
}

void remove_locked(void)
{
	might_sleep();
	raw_spin_lock(&ctx_lock);
	detach();
	raw_spin_unlock(&ctx_lock);
}

static void drop_lock_and_sleep(void)
{
	raw_spin_unlock(&ctx_lock);
	put_ref();
	__this_cpu_inc(disable_count);
	// CHECK: sleep-under-caller-lock.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(disable_count)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: sleep-under-caller-lock.c:[[@LINE+8]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	// CHECK: sleep-under-caller-lock.c:[[@LINE+9]]:2: note: 'drop_lock_and_sleep' called here
	// CHECK: sleep-under-caller-lock.c:[[@LINE-5]]:2: note: 'put_ref()' called here may sleep: preemption and IRQs are enabled
	raw_spin_lock(&ctx_lock);
}

void remove_dropping(void)
{
	might_sleep();
	raw_spin_lock(&ctx_lock);
	drop_lock_and_sleep();
	raw_spin_unlock(&ctx_lock);
}

/* Something reads 'disable_count' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int disable_count_decides(void)
{
	return raw_cpu_read(disable_count);
}

// A callee's may-sleep point does not make a caller's atomic region
// preemptible: perf_put_aux_event() calls put_event(), which sleeps only when
// it drops the last reference, under raw_spin_lock_irq(&ctx->lock). Once the
// callee has released the caller's lock, a sleep is evidence again, unless
// bottom halves stay off or the context is not a task's: their counts hold
// preemption off too.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/bottom_half.h>
#include <linux/hrtimer.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

DEFINE_PER_CPU(int, disable_count);
static raw_spinlock_t ctx_lock, stats_lock;
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

/* With bottom halves off (a softirq, or local_bh_disable() before the lock,
 * as l2tp's and xfrm's receive paths), releasing the caller's lock leaves
 * the BH disable's count: neither a sleep after it nor a lock taken and
 * released in a callee says preemptible. */
static void drop_lock_in_bh(void)
{
	raw_spin_unlock(&ctx_lock);
	put_ref();
	__this_cpu_inc(disable_count);
	raw_spin_lock(&ctx_lock);
}

static void account_locked(void)
{
	raw_spin_lock(&stats_lock);
	raw_spin_unlock(&stats_lock);
	__this_cpu_inc(disable_count);
}

static void drop_lock_and_account(void)
{
	raw_spin_unlock(&ctx_lock);
	account_locked();
	raw_spin_lock(&ctx_lock);
}

void remove_dropping_bh(void)
{
	local_bh_disable();
	raw_spin_lock(&ctx_lock);
	drop_lock_in_bh();
	drop_lock_and_account();
	raw_spin_unlock(&ctx_lock);
	local_bh_enable();
}

/* The same in an hrtimer callback (hard or soft IRQ context), which TCP's
 * delayed-ACK timer reaches the receive paths from. */
static void drop_lock_and_account_irq(void)
{
	raw_spin_unlock(&ctx_lock);
	account_locked();
	put_ref();
	__this_cpu_inc(disable_count);
	raw_spin_lock(&ctx_lock);
}

static enum hrtimer_restart kick(struct hrtimer *t)
{
	raw_spin_lock(&ctx_lock);
	drop_lock_and_account_irq();
	raw_spin_unlock(&ctx_lock);
	return HRTIMER_NORESTART;
}

void start_kick(struct hrtimer *t)
{
	t->function = kick;
}

/* Something reads 'disable_count' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int disable_count_decides(void)
{
	return raw_cpu_read(disable_count);
}

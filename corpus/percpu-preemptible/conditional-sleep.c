// might_sleep_if(cond) is evidence only where cond is known to hold; a
// trylock counts as taking the lock.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

#define might_sleep_if(cond) do { if (cond) might_sleep(); } while (0)
int _raw_spin_trylock(raw_spinlock_t *lock);
#define raw_spin_trylock(lock) _raw_spin_trylock(lock)

DEFINE_PER_CPU(int, budget);
static raw_spinlock_t lock;

static void maybe_blocking(int may_block)
{
	might_sleep_if(may_block);
}

void atomic_caller(void)
{
	maybe_blocking(0);
	__this_cpu_inc(budget);
}

void sure_caller(void)
{
	might_sleep_if(1);
	__this_cpu_inc(budget);
	// CHECK: conditional-sleep.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(budget)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: conditional-sleep.c:[[@LINE-3]]:2: note: 'might_sleep_if(1)' may sleep: preemption and IRQs are enabled here
}

void try_caller(void)
{
	might_sleep();
	if (!raw_spin_trylock(&lock))
		return;
	__this_cpu_inc(budget);
	raw_spin_unlock(&lock);
}

/* Something reads 'budget' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int budget_decides(void)
{
	return raw_cpu_read(budget);
}

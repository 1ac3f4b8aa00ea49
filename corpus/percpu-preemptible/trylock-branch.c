// A trylock holds the lock only on the edge where it succeeded; the failure
// edge keeps the context it had. The page allocator's pcp_spin_trylock()
// pins the task, then unpins it again when the trylock fails.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

int _raw_spin_trylock(raw_spinlock_t *lock);
#define raw_spin_trylock(lock) _raw_spin_trylock(lock)
#define unlikely(x) __builtin_expect(!!(x), 0)

struct pcp { raw_spinlock_t lock; int count; };
DEFINE_PER_CPU(struct pcp, pcps);
DEFINE_PER_CPU(int, budget);
static raw_spinlock_t lock;

void fails_open(void)
{
	might_sleep();
	if (!raw_spin_trylock(&lock)) {
		__this_cpu_inc(budget);
		// CHECK: trylock-branch.c:[[@LINE-1]]:3: warning: per-CPU read-modify-write '__this_cpu_inc(budget)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
		// CHECK: trylock-branch.c:[[@LINE-4]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
		return;
	}
	__this_cpu_inc(budget);
	raw_spin_unlock(&lock);
}

void succeeds_under_unlikely(void)
{
	might_sleep();
	if (unlikely(raw_spin_trylock(&lock))) {
		__this_cpu_inc(budget);
		raw_spin_unlock(&lock);
	}
}

static struct pcp *pcp_trylock(void)
{
	struct pcp *p;

	preempt_disable();
	p = this_cpu_ptr(&pcps);
	if (!raw_spin_trylock(&p->lock)) {
		preempt_enable();
		p = NULL;
	}
	return p;
}

void free_one(void)
{
	struct pcp *p;

	might_sleep();
	p = pcp_trylock();
	if (!p)
		return;
	p->count++;
	raw_spin_unlock(&p->lock);
	preempt_enable();
}

// The page allocator's loop: path-insensitively, `if (p)` and the trylock
// join into depths no function reaches, which are dropped rather than
// clamped into a balanced-looking state.
void free_list(int n)
{
	struct pcp *p = NULL;
	int i;

	might_sleep();
	for (i = 0; i < n; i++) {
		if (p) {
			raw_spin_unlock(&p->lock);
			preempt_enable();
		}
		preempt_disable();
		p = this_cpu_ptr(&pcps);
		if (!raw_spin_trylock(&p->lock)) {
			preempt_enable();
			p = NULL;
			continue;
		}
		p->count++;
	}
	if (p) {
		raw_spin_unlock(&p->lock);
		preempt_enable();
	}
}

/* Something reads 'budget' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int budget_decides(void)
{
	return raw_cpu_read(budget);
}

// A lock guard's destructor unlocks only `if (_T->lock)` (6.12.117's
// include/linux/cleanup.h, DEFINE_LOCK_GUARD_1), and its constructor
// returns `{ .lock = l }`, the pointer it was given: the `.lock` of a
// guard over `&p->pi_lock` is not NULL, and the lock ends with the guard's
// scope. sched_exec() (kernel/sched/core.c) calls stop_one_cpu(), which
// may sleep, after a scoped_guard(raw_spinlock_irqsave, &p->pi_lock)
// block left by `return` on two ways; futex_cleanup_end()
// (kernel/futex/core.c) unlocks a mutex after a scoped_guard(raw_spinlock_
// irq). Neither is reported; a sleep inside the guard is. A guard over a
// pointer the function knows nothing of may not have taken it: both ways
// of the destructor stay, and after the scope the lock may be held.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/guards.h>
#include <linux/mutex.h>

struct task { spinlock_t pi_lock; int cpu; };
int select_cpu(struct task *p);
int this_cpu(void);

static struct mutex stop_lock;

static void stop_one_cpu(int cpu)
{
	mutex_lock(&stop_lock);
	mutex_unlock(&stop_lock);
}

void sched_exec(struct task *p)
{
	int dest;

	scoped_guard (spinlock_irqsave, &p->pi_lock) {
		dest = select_cpu(p);
		if (dest == this_cpu())
			return;
	}
	stop_one_cpu(dest);
}

void cleanup_end(struct task *p)
{
	{
		guard(spinlock)(&p->pi_lock);
		p->cpu = -1;
	}
	mutex_unlock(&stop_lock);
	mutex_lock(&stop_lock);
}

void sleeps_inside(struct task *p)
{
	guard(spinlock)(&p->pi_lock);
	stop_one_cpu(p->cpu);
}

void unknown_lock(spinlock_t *lock)
{
	scoped_guard (spinlock, lock)
		this_cpu();
	mutex_lock(&stop_lock);
	mutex_unlock(&stop_lock);
}
// CHECK: guard-spinlock.c:53:2: warning: 'stop_one_cpu()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: guard-spinlock.c:52:2: note: 'class_spinlock_constructor()' called here changes the preemption context
// CHECK: guard-spinlock.c:24:2: note: 'mutex_lock()' may sleep here
// CHECK: guard-spinlock.c:60:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: guard-spinlock.c:58:2: note: 'class_spinlock_constructor()' called here changes the preemption context

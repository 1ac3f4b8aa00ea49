// A guard class over a plain pointer (DEFINE_GUARD, 6.12's
// include/linux/cleanup.h: task_lock, local_lock, mutex) unlocks in its
// destructor only `if (_T)`, `_T = *p` the pointer the guard variable
// holds. Its constructor returns the pointer it was given: over the
// address of a lock the scope's end ends the section, and the sleep after
// it is not reported (after_scope()); the sleep inside is. Over a pointer
// the function knows nothing of, a parameter, the lock may still be held
// after the scope (over_parameter(): 6.12.117's ptrace_attach() is such a
// case, docs/checks/sleep-in-atomic.md, Limits), and so may a guard whose
// variable's address went to code that may change it (lent()).
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/cleanup.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

DEFINE_GUARD(spin, spinlock_t *, spin_lock(_T), spin_unlock(_T))

static spinlock_t lock;

void after_scope(void)
{
	scoped_guard (spin, &lock) {
		cond_resched();
	}
	cond_resched();
}

void over_parameter(spinlock_t *l)
{
	scoped_guard (spin, l) {
	}
	cond_resched();
}

void lend(spinlock_t **guard);

void lent(void)
{
	{
		CLASS(spin, g)(&lock);
		lend(&g);
	}
	cond_resched();
}
// CHECK: guard-pointer.c:23:3: warning: 'cond_resched()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: guard-pointer.c:22:2: note: 'class_spin_constructor()' called here changes the preemption context
// CHECK: guard-pointer.c:32:2: warning: 'cond_resched()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: guard-pointer.c:30:2: note: 'class_spin_constructor()' called here changes the preemption context
// CHECK: guard-pointer.c:43:2: warning: 'cond_resched()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: guard-pointer.c:40:3: note: 'class_spin_constructor()' called here changes the preemption context

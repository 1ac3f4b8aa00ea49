// A local copied into another takes what the path knows of it at the copy:
// 6.1's and 6.12's mm/page_alloc.c pcp_spin_trylock() is a statement
// expression that pins the task, tries the per-CPU lock through `_ret`,
// and where that fails unpins and sets `_ret = NULL`; its value goes to
// `pcp`, and `if (!pcp) goto failed;` is the path where nothing is held.
// The copy is of the value: a later write to the source leaves it.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

int spin_trylock(spinlock_t *lock);

struct pcp { spinlock_t lock; int count; };
struct zone { struct pcp *pageset; };

#define pcp_trylock(ptr)					\
({								\
	struct pcp *_ret;					\
	preempt_disable();					\
	_ret = ptr;						\
	if (!spin_trylock(&_ret->lock)) {			\
		preempt_enable();				\
		_ret = NULL;					\
	}							\
	_ret;							\
})

static void pcp_unlock(struct pcp *pcp)
{
	spin_unlock(&pcp->lock);
	preempt_enable();
}

int bulk(struct zone *z)
{
	struct pcp *pcp = pcp_trylock(z->pageset);

	if (!pcp)
		goto failed;
	pcp->count++;
	pcp_unlock(pcp);
	return 1;
failed:
	msleep(1);
	return 0;
}

// Assigned, not initialised, and written out.
int bulk_assigned(struct zone *z)
{
	struct pcp *ret, *pcp;

	preempt_disable();
	ret = z->pageset;
	if (!spin_trylock(&ret->lock)) {
		preempt_enable();
		ret = NULL;
	}
	pcp = ret;
	if (pcp) {
		pcp->count++;
		pcp_unlock(pcp);
	}
	msleep(1);
	return pcp != NULL;
}

// Where the trylock succeeded, the lock is held.
void sleep_locked(struct zone *z)
{
	struct pcp *pcp = pcp_trylock(z->pageset);

	if (pcp) {
		msleep(1);
		pcp_unlock(pcp);
	}
}
// CHECK: copied-local.c:[[@LINE-4]]:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: copied-local.c:[[@LINE-8]]:20: note: atomic region begun here by 'preempt_disable()'

// Copied before the trylock: the copy keeps the pointer the path had, not
// the NULL the failed trylock leaves in the source, so the failed path,
// preemption still off, sleeps.
int copied_early(struct zone *z)
{
	struct pcp *ret = z->pageset, *pcp;

	preempt_disable();
	pcp = ret;
	if (spin_trylock(&ret->lock))
		pcp_unlock(ret);
	else
		ret = NULL;
	if (pcp)
		msleep(1);
	if (!ret)
		preempt_enable();
	return 0;
}
// CHECK: copied-local.c:[[@LINE-5]]:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: copied-local.c:[[@LINE-13]]:2: note: atomic region begun here by 'preempt_disable()'

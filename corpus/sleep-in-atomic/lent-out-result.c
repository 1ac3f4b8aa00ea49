// A call given a local's address whose result is its condition
// (`if (lookup(o, &p, &l))`): the callee writes through the addresses while
// it runs, before it returns, so what it returns still decides the branch.
// 6.1's mm/memory.c generic_access_phys(): `if (follow_pte(.., &ptep,
// &ptl))` twice, around a retry; the second `goto out_unmap` is taken only
// where follow_pte() failed and left the page-table lock unlocked, so
// out_unmap's iounmap() runs unlocked.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

struct obj { spinlock_t lock; int present; int val; };
void *map_it(int v);
void unmap_it(void *m);

static int lookup(struct obj *o, int **pp, spinlock_t **lp)
{
	if (!o->present)
		return -22;
	spin_lock(&o->lock);
	*pp = &o->val;
	*lp = &o->lock;
	return 0;
}

int access_obj(struct obj *o)
{
	spinlock_t *l;
	int *p, v, ret = -22;
	void *m;

retry:
	if (lookup(o, &p, &l))
		return -22;
	v = *p;
	spin_unlock(l);
	m = map_it(v);
	if (!m)
		return -12;
	if (lookup(o, &p, &l))
		goto out;
	if (v != *p) {
		spin_unlock(l);
		unmap_it(m);
		goto retry;
	}
	ret = v;
	spin_unlock(l);
out:
	unmap_it(m);
	msleep(1);
	return ret;
}

// Where lookup() succeeded, the lock is held.
int sleep_found(struct obj *o)
{
	spinlock_t *l;
	int *p;

	if (lookup(o, &p, &l))
		return -22;
	spin_unlock(l);
	if (lookup(o, &p, &l))
		return -22;
	msleep(1);
	spin_unlock(l);
	return 0;
}
// CHECK: lent-out-result.c:[[@LINE-4]]:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: lent-out-result.c:[[@LINE-7]]:6: note: 'lookup()' called here changes the preemption context

// A lock taken inside the object a local pointer points to dereferences
// the pointer: past the lock it is not NULL. So `if (n) unlock(&n->lock)`
// after a loop that locks each node in turn unlocks on every path that
// locked (SLUB's __unfreeze_partials()), and the sleep after it is not in
// an atomic region. A sleep while the lock is held is, and so is one after
// an unlock through a pointer assigned another value since the lock.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

struct node { spinlock_t lock; int nr; };
struct item { struct item *next; struct node *n; };

void drain(struct item *p)
{
	struct node *n = NULL;
	unsigned long flags = 0;

	for (; p; p = p->next) {
		if (n != p->n) {
			if (n)
				spin_unlock_irqrestore(&n->lock, flags);
			n = p->n;
			spin_lock_irqsave(&n->lock, flags);
		}
		n->nr++;
	}
	if (n)
		spin_unlock_irqrestore(&n->lock, flags);
	msleep(1);
}

void drain_spin(struct item *p)
{
	struct node *n = NULL;

	for (; p; p = p->next) {
		if (n != p->n) {
			if (n)
				spin_unlock(&n->lock);
			n = p->n;
			spin_lock(&n->lock);
		}
	}
	if (n)
		spin_unlock(&n->lock);
	msleep(1);
}

void sleep_locked(struct item *p)
{
	struct node *n = NULL;
	unsigned long flags = 0;

	for (; p; p = p->next) {
		if (n != p->n) {
			if (n)
				spin_unlock_irqrestore(&n->lock, flags);
			n = p->n;
			spin_lock_irqsave(&n->lock, flags);
			msleep(1);
		}
	}
	if (n)
		spin_unlock_irqrestore(&n->lock, flags);
}
// CHECK: locked-pointer.c:61:4: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: locked-pointer.c:60:4: note: atomic region begun here by 'spin_lock_irqsave(&n->lock, flags)'

void reassigned(struct item *p)
{
	struct node *n = p->n;
	unsigned long flags;

	spin_lock_irqsave(&n->lock, flags);
	n = p->next ? p->next->n : NULL;
	if (n)
		spin_unlock_irqrestore(&n->lock, flags);
	msleep(1);
}
// CHECK: locked-pointer.c:79:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: locked-pointer.c:75:2: note: atomic region begun here by 'spin_lock_irqsave(&n->lock, flags)'

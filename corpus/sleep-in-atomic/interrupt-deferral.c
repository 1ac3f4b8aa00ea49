// Frees that defer where the context says so: big_free() sleeps only where
// in_interrupt() said no (6.1's __vfree(), 6.12's vfree()), prog_put()
// only where neither in_hardirq() nor irqs_disabled() said yes
// (__bpf_prog_put()). An RCU callback runs with BH disabled, where
// in_interrupt() is true, and a caller under spin_lock_irqsave() has IRQs
// disabled: both defer. Under spin_lock() in task context both sleep.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

int in_interrupt(void);
int in_hardirq(void);
void defer_free(const void *addr);

struct obj {
	void *mem;
	struct rcu_head rcu;
};

static spinlock_t lock;

static void big_free(const void *addr)
{
	if (in_interrupt()) {
		defer_free(addr);
		return;
	}
	might_sleep();
}

static void prog_put(void *prog)
{
	if (in_hardirq() || irqs_disabled()) {
		defer_free(prog);
		return;
	}
	might_sleep();
}

static void obj_free_rcu(struct rcu_head *head)
{
	big_free(head);
}

void obj_release(struct obj *o)
{
	call_rcu(&o->rcu, obj_free_rcu);
}

void obj_update_irqsave(struct obj *o)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	prog_put(o->mem);
	spin_unlock_irqrestore(&lock, flags);
}

void obj_update(struct obj *o)
{
	spin_lock(&lock);
	big_free(o->mem);
	prog_put(o->mem);
	spin_unlock(&lock);
}
// CHECK: interrupt-deferral.c:63:2: warning: 'big_free()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: interrupt-deferral.c:62:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: interrupt-deferral.c:29:2: note: 'might_sleep()' may sleep here
// CHECK: interrupt-deferral.c:64:2: warning: 'prog_put()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: interrupt-deferral.c:62:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: interrupt-deferral.c:38:2: note: 'might_sleep()' may sleep here

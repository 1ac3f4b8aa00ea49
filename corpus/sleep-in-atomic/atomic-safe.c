// put_task_struct() is documented as callable in atomic context
// (include/linux/sched/task.h, 6.1.170-3 and 6.12.117: only PREEMPT_RT
// cannot free a task there, and it defers to call_rcu() instead), so the
// kernel model lists it as `atomic-safe`: its call under a spinlock is no
// sleep, though the engine reaches a synchronous free of the credentials
// that only `non_rcu` credentials take. The same free reached through
// __put_task_struct() itself, which no contract covers, is reported.
// console_unlock() "may be called from any context" (kernel/printk/printk.c,
// 6.1.170-3 and 6.12.117): its flush reschedules only while the global
// console_may_schedule is set, which only console_lock(), a sleeping lock,
// sets. Its call from an irq_work callback is no sleep; the same flush
// called under a spinlock, outside the contract, is reported.
// put_cred() "schedules" the last reference's credentials "for destruction
// by the RCU system" (Documentation/security/credentials.rst, 6.1.170-3 and
// 6.12.117): its call under a spinlock is no sleep either, though its body
// frees `non_rcu` credentials at once.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/irq_work.h>
#include <linux/sched.h>
#include <linux/sleeping.h>
#include <linux/spinlock.h>

struct cred {
	int usage;
	int non_rcu;
	void *groups;
};

struct task {
	int usage;
	struct cred *cred;
};

static spinlock_t lock;

void call_rcu_free(struct cred *cred);

static void put_cred_now(struct cred *cred)
{
	might_sleep();
	kfree(cred->groups);
}

static void __put_cred(struct cred *cred)
{
	if (cred->non_rcu)
		put_cred_now(cred);
	else
		call_rcu_free(cred);
}

static inline void put_cred(struct cred *cred)
{
	if (--cred->usage == 0)
		__put_cred(cred);
}

void __put_task_struct(struct task *t)
{
	__put_cred(t->cred);
	kfree(t);
}

static inline void put_task_struct(struct task *t)
{
	if (--t->usage)
		return;
	__put_task_struct(t);
}

void wake_and_put(struct task *t)
{
	spin_lock(&lock);
	put_task_struct(t);
	spin_unlock(&lock);
}

void free_under_lock(struct task *t)
{
	spin_lock(&lock);
	__put_task_struct(t);
	spin_unlock(&lock);
}

void put_cred_under_lock(struct cred *cred)
{
	spin_lock(&lock);
	put_cred(cred);
	spin_unlock(&lock);
}

static int console_may_schedule;

static void console_flush_all(int do_cond_resched)
{
	if (do_cond_resched)
		cond_resched();
}

void console_unlock(void)
{
	console_flush_all(console_may_schedule);
}

static void klogd_work(struct irq_work *w)
{
	console_unlock();
}

static DEFINE_IRQ_WORK(klogd, klogd_work);

void flush_under_lock(void)
{
	spin_lock(&lock);
	console_flush_all(console_may_schedule);
	spin_unlock(&lock);
}
// CHECK: atomic-safe.c:81:2: warning: '__put_task_struct()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: atomic-safe.c:80:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: atomic-safe.c:60:2: note: '__put_cred()' called here may sleep
// CHECK: atomic-safe.c:47:3: note: 'put_cred_now()' called here may sleep
// CHECK: atomic-safe.c:40:2: note: 'might_sleep()' may sleep here
// CHECK: atomic-safe.c:115:2: warning: 'console_flush_all()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: atomic-safe.c:114:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: atomic-safe.c:97:3: note: 'cond_resched()' may sleep here

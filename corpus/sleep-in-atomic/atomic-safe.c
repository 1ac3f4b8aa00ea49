// put_task_struct() is documented as callable in atomic context
// (include/linux/sched/task.h, 6.1.170-3 and 6.12.117: only PREEMPT_RT
// cannot free a task there, and it defers to call_rcu() instead), so the
// kernel model lists it as `atomic-safe`: its call under a spinlock is no
// sleep, though the engine reaches a synchronous free of the credentials
// that only `non_rcu` credentials take. The same free reached through
// __put_task_struct() itself, which no contract covers, is reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
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

static void put_cred(struct cred *cred)
{
	if (--cred->usage)
		return;
	if (cred->non_rcu)
		put_cred_now(cred);
	else
		call_rcu_free(cred);
}

void __put_task_struct(struct task *t)
{
	put_cred(t->cred);
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
// CHECK: atomic-safe.c:66:2: warning: '__put_task_struct()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: atomic-safe.c:65:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: atomic-safe.c:45:2: note: 'put_cred()' called here may sleep
// CHECK: atomic-safe.c:38:3: note: 'put_cred_now()' called here may sleep
// CHECK: atomic-safe.c:29:2: note: 'might_sleep()' may sleep here

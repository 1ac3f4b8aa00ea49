// A guard's destructor unlocks only `if (_T->lock)`, which its constructor
// always sets (include/linux/cleanup.h, 6.1 and 6.12): a scoped_guard(rcu)
// left by `return` inside it ends the RCU reader on that exit too, and so
// does its normal end. lookup() (futex_get_robust_list_common()) returns
// outside any reader, and get_list() sleeps after it: not reported.
// read_list() sleeps inside the guard: reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/types.h>
#include <linux/cleanup.h>
#include <linux/mutex.h>

void rcu_read_lock(void);
void rcu_read_unlock(void);

/* DEFINE_LOCK_GUARD_0(rcu, ...) as 6.1.170's and 6.12's cleanup.h expand it. */
typedef struct { void *lock; } class_rcu_t;
static inline void class_rcu_destructor(class_rcu_t *_T)
{
	if (_T->lock) { rcu_read_unlock(); }
}
static inline class_rcu_t class_rcu_constructor(void)
{
	class_rcu_t _t = { .lock = (void *)1 }, *_T = &_t;
	(void)_T;
	rcu_read_lock();
	return _t;
}

struct task { int refs; };
struct task *find_task(int pid);

static struct mutex list_lock;

static struct task *lookup(int pid)
{
	struct task *p = 0;

	scoped_guard(rcu) {
		p = find_task(pid);
		if (!p)
			return (struct task *)-1;
		p->refs++;
	}
	return p;
}

int get_list(int pid)
{
	struct task *p = lookup(pid);

	mutex_lock(&list_lock);
	mutex_unlock(&list_lock);
	return p != 0;
}

void read_list(int pid)
{
	scoped_guard(rcu) {
		if (find_task(pid)) {
			mutex_lock(&list_lock);
			mutex_unlock(&list_lock);
		}
	}
}
// CHECK: guard-return.c:60:4: warning: 'mutex_lock()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: guard-return.c:58:2: note: 'class_rcu_constructor()' called here changes the preemption context

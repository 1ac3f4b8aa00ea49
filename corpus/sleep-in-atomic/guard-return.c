// A guard's destructor unlocks only `if (_T->lock)`, which its constructor
// always sets (include/linux/cleanup.h, 6.1 and 6.12): a scoped_guard(rcu)
// left by `return` inside it ends the RCU reader on that exit too, and so
// does its normal end. lookup() (futex_get_robust_list_common()) returns
// outside any reader, and get_list() sleeps after it: not reported; nor
// does take_events() (rseq_need_restart()) return with IRQs disabled.
// read_list() sleeps inside the guard: reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/types.h>
#include <linux/cleanup.h>
#include <linux/irqflags.h>
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
static inline void *class_rcu_lock_ptr(class_rcu_t *_T) { return _T->lock; }
static const _Bool class_rcu_is_conditional = 0;

/* DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable()). */
typedef struct { void *lock; } class_irq_t;
static inline void class_irq_destructor(class_irq_t *_T)
{
	if (_T->lock) { local_irq_enable(); }
}
static inline class_irq_t class_irq_constructor(void)
{
	class_irq_t _t = { .lock = (void *)1 }, *_T = &_t;
	(void)_T;
	local_irq_disable();
	return _t;
}
static inline void *class_irq_lock_ptr(class_irq_t *_T) { return _T->lock; }
static const _Bool class_irq_is_conditional = 0;

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

static int take_events(int *mask)
{
	int events;

	scoped_guard(irq) {
		events = *mask;
		*mask = 0;
	}
	return events;
}

int fixup(int *mask)
{
	if (take_events(mask)) {
		mutex_lock(&list_lock);
		mutex_unlock(&list_lock);
	}
	return 0;
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
// CHECK: guard-return.c:100:4: warning: 'mutex_lock()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: guard-return.c:98:2: note: 'class_rcu_constructor()' called here changes the preemption context

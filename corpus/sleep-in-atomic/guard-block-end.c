// A scoped_guard() block ends its section where the block ends: the
// guard's destructor unlocks only `if (_T->lock)`, and the constructor it
// was made by returned `.lock = (void *)1` (include/linux/cleanup.h, 6.1
// and 6.12), so the call after the block is outside the RCU reader
// (robust_list() after a scoped_guard(rcu), futex_get_robust_list_common())
// and has IRQs on again (events() after a scoped_guard(irq),
// rseq_need_restart()), whichever way the block was left. 6.12's
// scoped_guard() is a loop whose condition reads the guard's `.lock`
// through class_rcu_lock_ptr() (newer_list()). A call inside the block is
// still reported (inside_list()), and so is a guard whose lock the
// constructor may leave NULL (maybe_list(): its destructor may not
// unlock).
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
static inline void *class_rcu_lock_ptr(class_rcu_t *_T)
{
	return (void *)(unsigned long)_T->lock;
}
static const bool class_rcu_is_conditional = false;

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
static const bool class_irq_is_conditional = false;

/* A guard whose constructor leaves `.lock` NULL on one path. */
int reader_wanted(void);
typedef struct { void *lock; } class_maybe_rcu_t;
static inline void class_maybe_rcu_destructor(class_maybe_rcu_t *_T)
{
	if (_T->lock) { rcu_read_unlock(); }
}
static inline class_maybe_rcu_t class_maybe_rcu_constructor(void)
{
	class_maybe_rcu_t _t = { .lock = (void *)1 };
	rcu_read_lock();
	if (!reader_wanted())
		_t.lock = 0;
	return _t;
}
static inline void *class_maybe_rcu_lock_ptr(class_maybe_rcu_t *_T) { return _T->lock; }
static const bool class_maybe_rcu_is_conditional = false;

/* 6.12.117's scoped_guard(). */
#define scoped_guard_612(_name, _label) \
	for (CLASS(_name, scope)(); \
	     class_##_name##_lock_ptr(&scope) || !class_##_name##_is_conditional; \
	     ({ goto _label; })) \
		if (0) { \
_label: \
			break; \
		} else

struct task { int refs; };
struct task *find_task(int pid);
static struct mutex list_lock;

int robust_list(int pid)
{
	struct task *p;

	scoped_guard(rcu) {
		p = find_task(pid);
		if (!p)
			return -1;
		p->refs++;
	}
	mutex_lock(&list_lock);
	mutex_unlock(&list_lock);
	return 0;
}

int events(int *mask)
{
	int e;

	scoped_guard(irq) {
		e = *mask;
		*mask = 0;
	}
	mutex_lock(&list_lock);
	mutex_unlock(&list_lock);
	return e;
}

int newer_list(int pid)
{
	struct task *p;

	scoped_guard_612(rcu, done_rcu) {
		p = find_task(pid);
		if (!p)
			return -1;
	}
	mutex_lock(&list_lock);
	mutex_unlock(&list_lock);
	return 0;
}

void inside_list(int pid)
{
	scoped_guard(rcu) {
		if (find_task(pid)) {
			mutex_lock(&list_lock);
			mutex_unlock(&list_lock);
		}
	}
}

void maybe_list(int pid)
{
	scoped_guard(maybe_rcu) {
		find_task(pid);
	}
	mutex_lock(&list_lock);
	mutex_unlock(&list_lock);
}
// CHECK: guard-block-end.c:135:4: warning: 'mutex_lock()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: guard-block-end.c:133:2: note: 'class_rcu_constructor()' called here changes the preemption context
// CHECK: guard-block-end.c:146:2: warning: 'mutex_lock()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: guard-block-end.c:143:2: note: 'class_maybe_rcu_constructor()' called here changes the preemption context

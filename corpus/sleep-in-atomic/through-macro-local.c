// A call through a macro's own local (6.12's INDIRECT_CALL_1() keeps its
// pointer in `typeof(f) __f1 = (f);`) is named by what the macro's user
// wrote, also through a nested one's local; a global a macro defines keeps
// its name.
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/spinlock.h>

#define INDIRECT_CALL_1(f, f1, ...) \
	({ typeof(f) __f1 = (f); __f1 == f1 ? f1(__VA_ARGS__) : __f1(__VA_ARGS__); })
#define INDIRECT_CALL_2(f, f2, f1, ...) \
	({ typeof(f) __f2 = (f); __f2 == f2 ? f2(__VA_ARGS__) : INDIRECT_CALL_1(__f2, f1, __VA_ARGS__); })

struct dev_ops { void (*reset)(void); };
struct dev { const struct dev_ops *ops; };
static struct mutex m;
static spinlock_t lock;

static void slow_reset(void)
{
	mutex_lock(&m);
	mutex_unlock(&m);
}

static void fast_reset(void)
{
}

static void other_reset(void)
{
}

const struct dev_ops slow_ops = { .reset = slow_reset };
const struct dev_ops fast_ops = { .reset = fast_reset };
const struct dev_ops other_ops = { .reset = other_reset };

void dev_reset_locked(struct dev *d)
{
	spin_lock(&lock);
	INDIRECT_CALL_2(d->ops->reset, fast_reset, other_reset);
	spin_unlock(&lock);
}
// CHECK: through-macro-local.c:40:2: note: 'slow_reset()' may sleep, called through 'd->ops->reset' with preemption disabled [sleep-in-atomic]
// CHECK: through-macro-local.c:39:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: through-macro-local.c:21:2: note: 'mutex_lock()' may sleep here
// CHECK: through-macro-local.c:40:2: note: 'd->ops->reset' may hold any of 3 functions here: whether the one that sleeps runs is the object's state, so the sleep is a possible one

#define DEFINE_HOOK(name, fn) static void (*name)(void) = fn
DEFINE_HOOK(reset_hook, slow_reset);

void hook_locked(void)
{
	spin_lock(&lock);
	reset_hook();
	spin_unlock(&lock);
}
// CHECK: through-macro-local.c:54:2: warning: 'slow_reset()' may sleep, called through 'reset_hook' with preemption disabled [sleep-in-atomic]
// CHECK: through-macro-local.c:53:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: through-macro-local.c:21:2: note: 'mutex_lock()' may sleep here

// A call through an ops field the run stores several functions in reaches
// the one the object holds, which no caller's code shows: a sleep of one of
// them is a possible sleep, a note, also where the choice is made further
// down; where the code itself sleeps, the finding stays a warning. A
// notifier chain's walk calls every block on the chain: not a choice.
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s -- %kflags | FileCheck %s %strict
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s --check-prefix=DEFAULT %strict
#include <kernel/notifier-walk.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct dev_ops { void (*reset)(void); };
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

const struct dev_ops slow_ops = { .reset = slow_reset };
const struct dev_ops fast_ops = { .reset = fast_reset };

void dev_reset_locked(const struct dev_ops *o)
{
	spin_lock(&lock);
	o->reset();
	spin_unlock(&lock);
}
// CHECK: through-pointer-choice.c:32:2: note: 'slow_reset()' may sleep, called through 'struct dev_ops.reset' with preemption disabled [sleep-in-atomic]
// CHECK: through-pointer-choice.c:31:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here
// CHECK: through-pointer-choice.c:32:2: note: 'struct dev_ops.reset' may hold any of 2 functions here: whether the one that sleeps runs is the object's state, so the sleep is a possible one

static void dev_reset(const struct dev_ops *o)
{
	o->reset();
}

void dev_reset_irq(const struct dev_ops *o)
{
	unsigned long flags;

	spin_lock_irqsave(&lock, flags);
	dev_reset(o);
	spin_unlock_irqrestore(&lock, flags);
}
// CHECK: through-pointer-choice.c:50:2: note: 'dev_reset()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: through-pointer-choice.c:49:2: note: atomic region begun here by 'spin_lock_irqsave(&lock, flags)'
// CHECK: through-pointer-choice.c:42:2: note: 'slow_reset()' called through 'struct dev_ops.reset' may sleep
// CHECK: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here
// CHECK: through-pointer-choice.c:42:2: note: 'struct dev_ops.reset' may hold any of 2 functions here: whether the one that sleeps runs is the object's state, so the sleep is a possible one

void dev_reset_both(const struct dev_ops *o)
{
	spin_lock(&lock);
	o->reset();
	slow_reset();
	spin_unlock(&lock);
}
// CHECK: through-pointer-choice.c:62:2: note: 'slow_reset()' may sleep, called through 'struct dev_ops.reset' with preemption disabled [sleep-in-atomic]
// CHECK: through-pointer-choice.c:61:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here
// CHECK: through-pointer-choice.c:62:2: note: 'struct dev_ops.reset' may hold any of 2 functions here: whether the one that sleeps runs is the object's state, so the sleep is a possible one
// CHECK: through-pointer-choice.c:63:2: warning: 'slow_reset()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: through-pointer-choice.c:61:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here
// DEFAULT: through-pointer-choice.c:63:2: warning: 'slow_reset()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: through-pointer-choice.c:61:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here

static int slow_event(struct notifier_block *nb, unsigned long val, void *v)
{
	slow_reset();
	return NOTIFY_DONE;
}

static int fast_event(struct notifier_block *nb, unsigned long val, void *v)
{
	return NOTIFY_DONE;
}

static struct notifier_block slow_nb = { .notifier_call = slow_event };
static struct notifier_block fast_nb = { .notifier_call = fast_event };
static struct atomic_notifier_head chain;

void register_events(void)
{
	atomic_notifier_chain_register(&chain, &fast_nb);
	atomic_notifier_chain_register(&chain, &slow_nb);
}

void notify_locked(void)
{
	spin_lock(&lock);
	atomic_notifier_call_chain(&chain, 0, (void *)0);
	spin_unlock(&lock);
}
// CHECK: through-pointer-choice.c:101:2: warning: 'atomic_notifier_call_chain()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: through-pointer-choice.c:100:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: notifier-walk.h:22:9: note: 'notifier_call_chain()' called here may sleep
// CHECK: notifier-walk.h:13:9: note: 'slow_event()' called through 'struct notifier_block.notifier_call' may sleep
// CHECK: through-pointer-choice.c:79:2: note: 'slow_reset()' called here may sleep
// CHECK: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here
// DEFAULT: through-pointer-choice.c:101:2: warning: 'atomic_notifier_call_chain()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: through-pointer-choice.c:100:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: notifier-walk.h:22:9: note: 'notifier_call_chain()' called here may sleep
// DEFAULT: notifier-walk.h:13:9: note: 'slow_event()' called through 'struct notifier_block.notifier_call' may sleep
// DEFAULT: through-pointer-choice.c:79:2: note: 'slow_reset()' called here may sleep
// DEFAULT: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here

// A chain's block that resets through the ops it was given: the chain's
// walk is no choice, the ops' reset is, and the last note says so.
static const struct dev_ops *current_ops;

static int reset_event(struct notifier_block *nb, unsigned long val, void *v)
{
	dev_reset(current_ops);
	return NOTIFY_DONE;
}

static struct notifier_block reset_nb = { .notifier_call = reset_event };
static struct notifier_block quiet_nb = { .notifier_call = fast_event };
static struct atomic_notifier_head reset_chain;

void register_resets(void)
{
	atomic_notifier_chain_register(&reset_chain, &quiet_nb);
	atomic_notifier_chain_register(&reset_chain, &reset_nb);
}

void notify_reset_locked(void)
{
	spin_lock(&lock);
	atomic_notifier_call_chain(&reset_chain, 0, (void *)0);
	spin_unlock(&lock);
}
// CHECK: through-pointer-choice.c:140:2: note: 'atomic_notifier_call_chain()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: through-pointer-choice.c:139:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: notifier-walk.h:22:9: note: 'notifier_call_chain()' called here may sleep
// CHECK: notifier-walk.h:13:9: note: 'reset_event()' called through 'struct notifier_block.notifier_call' may sleep
// CHECK: through-pointer-choice.c:123:2: note: 'dev_reset()' called here may sleep
// CHECK: through-pointer-choice.c:42:2: note: 'slow_reset()' called through 'struct dev_ops.reset' may sleep
// CHECK: through-pointer-choice.c:18:2: note: 'mutex_lock()' may sleep here
// CHECK: through-pointer-choice.c:42:2: note: 'struct dev_ops.reset' may hold any of 2 functions here: whether the one that sleeps runs is the object's state, so the sleep is a possible one

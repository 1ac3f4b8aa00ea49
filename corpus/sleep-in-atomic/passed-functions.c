// A call through a parameter reaches what its caller passes there: a
// function by name, or what the field it reads holds (kref_put()'s
// release); a notifier chain's walk reaches the blocks registered on that
// chain. Each sleep is reported at the call under the lock, not the calls
// that pass, or walk, something that does not sleep.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <kernel/notifier-walk.h>
#include <linux/spinlock.h>

struct ref {
	int count;
};

struct slow_obj {
	struct ref ref;
	void (*release)(struct ref *);
};

struct fast_obj {
	struct ref ref;
	void (*release)(struct ref *);
};

static spinlock_t lock;
static struct mutex m;

static void ref_put(struct ref *r, void (*release)(struct ref *))
{
	if (--r->count == 0)
		release(r);
}

static void release_slow(struct ref *r)
{
	mutex_lock(&m);
	mutex_unlock(&m);
}

static void release_fast(struct ref *r)
{
}

void slow_obj_init(struct slow_obj *o)
{
	o->release = release_slow;
}

void fast_obj_init(struct fast_obj *o)
{
	o->release = release_fast;
}

void put_named(struct ref *r)
{
	spin_lock(&lock);
	ref_put(r, release_slow);
	ref_put(r, release_fast);
	spin_unlock(&lock);
}
// CHECK: passed-functions.c:57:2: warning: 'ref_put()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: passed-functions.c:56:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: passed-functions.c:31:3: note: 'release_slow()' called through 'release' may sleep
// CHECK: passed-functions.c:36:2: note: 'mutex_lock()' may sleep here

void put_fields(struct slow_obj *s, struct fast_obj *f)
{
	spin_lock(&lock);
	ref_put(&s->ref, s->release);
	ref_put(&f->ref, f->release);
	spin_unlock(&lock);
}
// CHECK: passed-functions.c:69:2: warning: 'ref_put()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: passed-functions.c:68:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: passed-functions.c:31:3: note: 'release_slow()' called through 'release' may sleep
// CHECK: passed-functions.c:36:2: note: 'mutex_lock()' may sleep here

static int slow_event(struct notifier_block *nb, unsigned long val, void *v)
{
	mutex_lock(&m);
	mutex_unlock(&m);
	return NOTIFY_DONE;
}

static int fast_event(struct notifier_block *nb, unsigned long val, void *v)
{
	return NOTIFY_DONE;
}

static struct notifier_block slow_nb = { .notifier_call = slow_event };
static struct notifier_block fast_nb = { .notifier_call = fast_event };
static struct atomic_notifier_head slow_chain, fast_chain;

void register_events(void)
{
	atomic_notifier_chain_register(&slow_chain, &slow_nb);
	atomic_notifier_chain_register(&fast_chain, &fast_nb);
}

void notify_locked(void)
{
	spin_lock(&lock);
	atomic_notifier_call_chain(&slow_chain, 0, (void *)0);
	atomic_notifier_call_chain(&fast_chain, 0, (void *)0);
	spin_unlock(&lock);
}
// CHECK: passed-functions.c:103:2: warning: 'atomic_notifier_call_chain()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: passed-functions.c:102:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: notifier-walk.h:22:9: note: 'notifier_call_chain()' called here may sleep
// CHECK: notifier-walk.h:13:9: note: 'slow_event()' called through 'struct notifier_block.notifier_call' may sleep
// CHECK: passed-functions.c:80:2: note: 'mutex_lock()' may sleep here

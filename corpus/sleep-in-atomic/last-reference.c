// The free of what a count kept alive runs only where the decrement found
// it dropped to zero (refcount_dec_and_test(), atomic_long_dec_and_test()
// true: the kernel model's `last-reference`). Whether a caller's reference
// is the last is the object's state, which no caller's code shows (the
// caller under a lock mostly holds another): a sleep there is a possible
// one, a note, down the chain (put_event()), through kref_put()'s release,
// in the function itself or kept in a variable; a put that sleeps before
// its decrement is a warning.
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s -- %kflags | FileCheck %s %strict
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s --check-prefix=DEFAULT %strict
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/spinlock.h>

struct event {
	atomic_long_t refcount;
	struct kref kref;
	refcount_t users;
	struct mutex mmap_mutex;
};

static spinlock_t lock;

static void free_event(struct event *e)
{
	mutex_lock(&e->mmap_mutex);
	mutex_unlock(&e->mmap_mutex);
}

static void put_event(struct event *e)
{
	if (!atomic_long_dec_and_test(&e->refcount))
		return;
	free_event(e);
}

void detach_event(struct event *e)
{
	spin_lock(&lock);
	put_event(e);
	spin_unlock(&lock);
}

static void release_event(struct kref *kref)
{
	struct event *e = (struct event *)kref;

	free_event(e);
}

void drop_kref(struct event *e)
{
	spin_lock(&lock);
	kref_put(&e->kref, release_event);
	spin_unlock(&lock);
}

void drop_user(struct event *e)
{
	spin_lock(&lock);
	if (refcount_dec_and_test(&e->users))
		mutex_lock(&e->mmap_mutex);
	spin_unlock(&lock);
}

void drop_kept(struct event *e)
{
	bool last;

	spin_lock(&lock);
	last = atomic_long_dec_and_test(&e->refcount);
	if (last)
		free_event(e);
	spin_unlock(&lock);
}

static void put_event_synced(struct event *e)
{
	mutex_lock(&e->mmap_mutex);
	mutex_unlock(&e->mmap_mutex);
	put_event(e);
}

void detach_synced(struct event *e)
{
	spin_lock(&lock);
	put_event_synced(e);
	spin_unlock(&lock);
}
// CHECK: last-reference.c:40:2: note: 'put_event()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: last-reference.c:39:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: last-reference.c:34:2: note: 'free_event()' called here may sleep
// CHECK: last-reference.c:26:2: note: 'mutex_lock()' may sleep here
// CHECK: last-reference.c:32:7: note: the last reference dropped here, where 'atomic_long_dec_and_test(&e->refcount)' is true: whether the caller's reference is the last is the object's state, so the sleep is a possible one
// CHECK: last-reference.c:54:2: note: 'kref_put()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: last-reference.c:53:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: {{.*}}linux/refcount.h:27:3: note: 'release_event()' called through 'release' may sleep
// CHECK: last-reference.c:48:2: note: 'free_event()' called here may sleep
// CHECK: last-reference.c:26:2: note: 'mutex_lock()' may sleep here
// CHECK: {{.*}}linux/refcount.h:26:6: note: the last reference dropped here, where 'refcount_dec_and_test(&kref->refcount)' is true: whether the caller's reference is the last is the object's state, so the sleep is a possible one
// CHECK: last-reference.c:62:3: note: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: last-reference.c:60:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: last-reference.c:61:6: note: the last reference dropped here, where 'refcount_dec_and_test(&e->users)' is true: whether the caller's reference is the last is the object's state, so the sleep is a possible one
// CHECK: last-reference.c:73:3: note: 'free_event()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: last-reference.c:70:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: last-reference.c:26:2: note: 'mutex_lock()' may sleep here
// CHECK: last-reference.c:71:9: note: the last reference dropped here, where 'atomic_long_dec_and_test(&e->refcount)' is true: whether the caller's reference is the last is the object's state, so the sleep is a possible one
// CHECK: last-reference.c:87:2: warning: 'put_event_synced()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: last-reference.c:86:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: last-reference.c:79:2: note: 'mutex_lock()' may sleep here
// DEFAULT: last-reference.c:87:2: warning: 'put_event_synced()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: last-reference.c:86:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: last-reference.c:79:2: note: 'mutex_lock()' may sleep here

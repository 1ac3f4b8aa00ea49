// A release function passed as a parameter (kref_put()'s): a caller that
// passes one that does not sleep is not reported for another caller's.
// RUN: %kharden check --checks=sleep-in-atomic %s -- %kflags | count 0
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct ref { int count; };
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

void put_slow(struct ref *r)
{
	ref_put(r, release_slow);
}

void put_fast_locked(struct ref *r)
{
	spin_lock(&lock);
	ref_put(r, release_fast);
	spin_unlock(&lock);
}

// Calls through two fields of one pointer take one object's functions:
// locktorture's and rcutorture's `cur_ops->readlock(); ...
// cur_ops->readunlock();` (kernel/locking/locktorture.c,
// kernel/rcu/rcutorture.c, 6.1.170-3 and 6.12.117) pair each object's lock
// with its own unlock, not a spinlock's lock with a mutex's unlock. The
// file's objects tell them apart where each is static and every store into
// the field is an object's initializer; not where the code assigns the
// field (`patched`), nor where the pointer changes between the calls.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/sleeping.h>
#include <linux/spinlock.h>

void msleep(unsigned int ms);

struct lock_ops {
	void (*readlock)(void);
	void (*readunlock)(void);
};

static spinlock_t l;
static struct mutex m;

static void spin_rd_lock(void) { spin_lock(&l); }
static void spin_rd_unlock(void) { spin_unlock(&l); }
static void mutex_rd_lock(void) { mutex_lock(&m); }
static void mutex_rd_unlock(void) { mutex_unlock(&m); }

static struct lock_ops spin_ops = {
	.readlock = spin_rd_lock,
	.readunlock = spin_rd_unlock,
};
static struct lock_ops mutex_ops = {
	.readlock = mutex_rd_lock,
	.readunlock = mutex_rd_unlock,
};
static struct lock_ops *cur_ops;

void reader(void)
{
	for (;;) {
		msleep(1);
		cur_ops->readlock();
		cur_ops->readunlock();
	}
}

void switching(void)
{
	cur_ops->readlock();
	cur_ops = &mutex_ops;
	cur_ops->readunlock();
	msleep(1);
}

struct patched_ops {
	void (*lock)(void);
	void (*unlock)(void);
};

static struct patched_ops patched = {
	.lock = spin_rd_lock,
	.unlock = spin_rd_unlock,
};
static struct patched_ops *cur_patched;

void patch(void)
{
	patched.unlock = mutex_rd_unlock;
}

void patched_reader(void)
{
	cur_patched->lock();
	cur_patched->unlock();
	msleep(1);
}

void pick(int spin)
{
	cur_ops = spin ? &spin_ops : &mutex_ops;
	cur_patched = &patched;
}
// CHECK: ops-objects.c:53:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: ops-objects.c:50:2: note: 'spin_rd_lock()' (through 'struct lock_ops.readlock') called here changes the preemption context
// CHECK: ops-objects.c:76:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: ops-objects.c:74:2: note: 'spin_rd_lock()' (through 'struct patched_ops.lock') called here changes the preemption context

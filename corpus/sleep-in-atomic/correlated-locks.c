// Two callees that lock a pair of objects, the second only where it is not
// the first, and unlock it the same way: 6.1's and 6.12's double_lock_hb()
// / double_unlock_hb() (kernel/futex/futex.h), double_rq_lock() /
// double_rq_unlock() (kernel/sched/). Each callee's exits say which way
// it found its two parameters (`b1 != b2`, kept through the swap() of the
// two, and `&a->m != &b->m`, the same relation); a caller that passes the
// same two values to both, unchanged between the calls, takes only the
// unlock's exits that agree with the lock's.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

#define swap(a, b) \
	do { typeof(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)
#define SINGLE_DEPTH_NESTING 1
void spin_lock_nested(spinlock_t *lock, int subclass);

struct bucket { spinlock_t lock; int waiters; };
struct bucket *hash_of(int key);

static void lock_pair(struct bucket *b1, struct bucket *b2)
{
	if (b1 > b2)
		swap(b1, b2);
	spin_lock(&b1->lock);
	if (b1 != b2)
		spin_lock_nested(&b2->lock, SINGLE_DEPTH_NESTING);
}

static void unlock_pair(struct bucket *b1, struct bucket *b2)
{
	spin_unlock(&b1->lock);
	if (b1 != b2)
		spin_unlock(&b2->lock);
}

// The futex retry: both unlocked before the sleep, whichever way.
int requeue(int k1, int k2)
{
	struct bucket *b1, *b2;
retry:
	b1 = hash_of(k1);
	b2 = hash_of(k2);
	lock_pair(b1, b2);
	if (b1->waiters) {
		unlock_pair(b1, b2);
		msleep(1);
		goto retry;
	}
	unlock_pair(b1, b2);
	msleep(1);
	return 0;
}

struct rq { spinlock_t __lock; int nr; };

static inline spinlock_t *rq_lockp(struct rq *rq)
{
	return &rq->__lock;
}

static void lock_rqs(struct rq *rq1, struct rq *rq2)
{
	if (rq1->nr < rq2->nr)
		swap(rq1, rq2);
	spin_lock(rq_lockp(rq1));
	if (rq_lockp(rq1) != rq_lockp(rq2))
		spin_lock_nested(rq_lockp(rq2), SINGLE_DEPTH_NESTING);
}

static void unlock_rqs(struct rq *rq1, struct rq *rq2)
{
	if (rq_lockp(rq1) != rq_lockp(rq2))
		spin_unlock(rq_lockp(rq2));
	spin_unlock(rq_lockp(rq1));
}

// The caller's own parameters: the relation is its callers' to decide, and
// the two calls agree whatever it is.
int yield_to_rq(struct rq *rq, struct rq *p_rq)
{
	lock_rqs(rq, p_rq);
	unlock_rqs(rq, p_rq);
	schedule();
	return 0;
}

// Wrappers pass the relation on.
static void lock_both(struct bucket *a, struct bucket *b)
{
	lock_pair(a, b);
}

static void unlock_both(struct bucket *a, struct bucket *b)
{
	unlock_pair(a, b);
}

void wrapped(struct bucket *a, struct bucket *b)
{
	lock_both(a, b);
	unlock_both(a, b);
	msleep(1);
}

// Not the same pair: b2 changed between the calls, so the unlock may leave
// the first call's second lock held.
int moved(int k1, int k2)
{
	struct bucket *b1 = hash_of(k1), *b2 = hash_of(k2);

	lock_pair(b1, b2);
	b2 = hash_of(k2 + 1);
	unlock_pair(b1, b2);
	msleep(1);
	return 0;
}

// A swap with a third parameter keeps no relation of the first two.
static void lock_odd(struct bucket *b1, struct bucket *b2, struct bucket *b3)
{
	if (b1 > b2)
		swap(b1, b3);
	spin_lock(&b1->lock);
	if (b1 != b2)
		spin_lock_nested(&b2->lock, SINGLE_DEPTH_NESTING);
}

void odd(struct bucket *a, struct bucket *b, struct bucket *c)
{
	lock_odd(a, b, c);
	unlock_pair(a, b);
	msleep(1);
}
// CHECK: correlated-locks.c:115:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: correlated-locks.c:112:2: note: 'lock_pair()' called here changes the preemption context
// CHECK: correlated-locks.c:133:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: correlated-locks.c:131:2: note: 'lock_odd()' called here changes the preemption context

// Two indexes into one table of locks, as unix_table_double_lock() and
// unix_table_double_unlock() take them (net/unix/af_unix.c, 6.1 and
// 6.12): equal indexes lock one bucket. Two integers' relation is kept as
// two pointers' is; unix_autobind() retries with a new index, which the
// pair forgets where it is assigned.
struct table { spinlock_t locks[16]; };
unsigned int index_of(int n);
int taken(struct table *t, unsigned int h);

static void lock_indexes(struct table *t, unsigned int h1, unsigned int h2)
{
	if (h1 == h2) {
		spin_lock(&t->locks[h1]);
		return;
	}
	if (h1 > h2)
		swap(h1, h2);
	spin_lock(&t->locks[h1]);
	spin_lock_nested(&t->locks[h2], SINGLE_DEPTH_NESTING);
}

static void unlock_indexes(struct table *t, unsigned int h1, unsigned int h2)
{
	if (h1 == h2) {
		spin_unlock(&t->locks[h1]);
		return;
	}
	spin_unlock(&t->locks[h1]);
	spin_unlock(&t->locks[h2]);
}

int autobind(struct table *t, int sk_hash)
{
	unsigned int old_hash = index_of(sk_hash), new_hash;
	int n = 0;

retry:
	new_hash = index_of(n++);
	lock_indexes(t, old_hash, new_hash);
	if (taken(t, new_hash)) {
		unlock_indexes(t, old_hash, new_hash);
		msleep(1);
		goto retry;
	}
	unlock_indexes(t, old_hash, new_hash);
	msleep(1);
	return 0;
}

// An index changed between the calls: the second lock may stay held.
int moved_index(struct table *t, int a)
{
	unsigned int h1 = index_of(a), h2 = index_of(a + 1);

	lock_indexes(t, h1, h2);
	h2 = index_of(a + 2);
	unlock_indexes(t, h1, h2);
	msleep(1);
	return 0;
}
// CHECK: correlated-locks.c:[[@LINE-3]]:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: correlated-locks.c:[[@LINE-7]]:2: note: 'lock_indexes()' called here changes the preemption context

// A parameter the function never assigns and a local: unix_dgram_connect()
// (net/unix/af_unix.c, 6.1 and 6.12) locks its socket and the peer it
// found with unix_state_double_lock(sk, other), one lock where they are
// the same or the peer is NULL, and retries with a new peer after the
// double unlock.
struct usock { spinlock_t lock; int dead; };
struct usock *find_peer(int n);
void put_peer(struct usock *s);

static void state_double_lock(struct usock *sk1, struct usock *sk2)
{
	if (sk1 == sk2 || !sk2) {
		spin_lock(&sk1->lock);
		return;
	}
	if (sk1 > sk2)
		swap(sk1, sk2);
	spin_lock(&sk1->lock);
	spin_lock_nested(&sk2->lock, SINGLE_DEPTH_NESTING);
}

static void state_double_unlock(struct usock *sk1, struct usock *sk2)
{
	if (sk1 == sk2 || !sk2) {
		spin_unlock(&sk1->lock);
		return;
	}
	spin_unlock(&sk1->lock);
	spin_unlock(&sk2->lock);
}

int dgram_connect(struct usock *sk, int n)
{
	struct usock *other;

restart:
	other = find_peer(n);
	msleep(1);
	state_double_lock(sk, other);
	if (other->dead) {
		state_double_unlock(sk, other);
		put_peer(other);
		goto restart;
	}
	state_double_unlock(sk, other);
	msleep(1);
	return 0;
}

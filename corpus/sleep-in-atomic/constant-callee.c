// A branch on a call whose callee returns the same truth on every path is
// decided by the callee, not by a slot: write_seqcount_begin() and
// write_seqcount_end() (include/linux/seqlock.h, 6.1 and 6.12) disable and
// enable preemption `if (seqprop_preemptible(s))`, which for a spinlock's
// seqcount is `__seqprop_spinlock_preemptible()`, false on every path
// without PREEMPT_RT. 6.12's xfrm_hash_resize() (net/xfrm/xfrm_state.c)
// tests four allocations before it, which took every slot for values: the
// two tests, each undecided, left a path holding one more disable than it
// released, and its synchronize_rcu() after the unlock looked atomic.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

struct seqcount { unsigned sequence; };

static inline int seq_preemptible(const struct seqcount *s)
{
	if (!0)
		return 0;
	return 0;
}

static inline int seq_always(const struct seqcount *s)
{
	return 2;
}

#define write_seq_begin(s)                                                     \
	do {                                                                   \
		if (seq_preemptible(s))                                        \
			preempt_disable();                                     \
		(s)->sequence++;                                               \
	} while (0)
#define write_seq_end(s)                                                       \
	do {                                                                   \
		(s)->sequence++;                                               \
		if (seq_preemptible(s))                                        \
			preempt_enable();                                      \
	} while (0)

void *table_alloc(int n);

// Nine values tested first: more than a function's local slots.
#define TEST_NINE_ALLOCATIONS()                                                \
	void *a = table_alloc(1), *b = table_alloc(2), *c = table_alloc(3);    \
	void *d = table_alloc(4), *e = table_alloc(5), *f = table_alloc(6);    \
	void *g = table_alloc(7), *h = table_alloc(8), *i = table_alloc(9);    \
	if (!a || !b || !c || !d || !e || !f || !g || !h || !i)                \
		return -1

int resize(spinlock_t *lock, struct seqcount *s)
{
	TEST_NINE_ALLOCATIONS();
	spin_lock(lock);
	write_seq_begin(s);
	s->sequence += 2;
	write_seq_end(s);
	spin_unlock(lock);
	msleep(1);
	return 0;
}

// Non-zero on every path: the unlock is reached on every path.
int released(spinlock_t *lock, struct seqcount *s)
{
	TEST_NINE_ALLOCATIONS();
	spin_lock(lock);
	if (seq_always(s))
		spin_unlock(lock);
	msleep(1);
	return 0;
}

// Zero on every path: the unlock is never reached, and the lock is held
// at the sleep.
int held(spinlock_t *lock, struct seqcount *s)
{
	TEST_NINE_ALLOCATIONS();
	spin_lock(lock);
	if (seq_preemptible(s))
		spin_unlock(lock);
	msleep(1);
	return 0;
}
// CHECK: constant-callee.c:[[@LINE-3]]:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: constant-callee.c:[[@LINE-7]]:2: note: atomic region begun here by 'spin_lock(lock)'

// Nor do constants: READ_ONCE() and WRITE_ONCE() test their operand's size
// (`sizeof(x) == sizeof(char) || ...`, compiletime_assert() in
// include/asm-generic/rwonce.h, 6.1 and 6.12), and the bitops test
// `__builtin_constant_p(nr)`; each such test made twice took a slot, and
// 6.12's unix_dgram_connect() (net/unix/af_unix.c) had none left for the
// two sockets it passes to unix_state_double_lock() and
// unix_state_double_unlock().
void size_mismatch(void) __attribute__((noreturn));
#define checked_write(x, v)                                                    \
	do {                                                                   \
		if (!(sizeof(x) == sizeof(char) || sizeof(x) == sizeof(short) || \
		      sizeof(x) == sizeof(int) || sizeof(x) == sizeof(long)))  \
			size_mismatch();                                       \
		if (!__builtin_constant_p(v) && sizeof(x) > sizeof(long))      \
			size_mismatch();                                       \
		(x) = (v);                                                     \
	} while (0)

struct peer { spinlock_t lock; int state, dead; long seq; char mark; };
struct peer *peer_of(int n);

static void pair_lock(struct peer *a, struct peer *b)
{
	spin_lock(&a->lock);
	if (a != b)
		spin_lock(&b->lock);
}

static void pair_unlock(struct peer *a, struct peer *b)
{
	spin_unlock(&a->lock);
	if (a != b)
		spin_unlock(&b->lock);
}

int connect_peer(int n)
{
	struct peer *me = peer_of(0), *other = peer_of(n);

	checked_write(me->state, 1);
	checked_write(me->state, 2);
	checked_write(me->seq, n);
	checked_write(me->seq, n + 1);
	pair_lock(me, other);
	pair_unlock(me, other);
	msleep(1);
	return 0;
}

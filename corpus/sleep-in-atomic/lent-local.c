// A local whose address a function lends to a callee that tests what it
// points to: what the path knew of the local at the call decides the
// callee's test. 6.12's net/netlink/af_netlink.c netlink_unicast():
// `timeo = sock_sndtimeo(ssk, nonblock)` (0 where nonblock), then
// `netlink_attachskb(sk, skb, &timeo, ssk)`, which waits in
// schedule_timeout() only `if (*timeo)`; nlmsg_unicast() passes
// MSG_DONTWAIT, from under rcu_read_lock() in rtnl_notify()'s callers.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define MSG_DONTWAIT 0x40
#define EAGAIN 11
long schedule_timeout(long timeout);

struct sock { long sndtimeo; int congested; };

static inline long sndtimeo(const struct sock *sk, int noblock)
{
	return noblock ? 0 : sk->sndtimeo;
}

static int attach(struct sock *sk, long *timeo)
{
	if (sk->congested) {
		if (!*timeo)
			return -EAGAIN;
		*timeo = schedule_timeout(*timeo);
		return 1;
	}
	return 0;
}

int unicast(struct sock *sk, int nonblock)
{
	long timeo = sndtimeo(sk, nonblock);
	int err;

retry:
	err = attach(sk, &timeo);
	if (err == 1)
		goto retry;
	if (err)
		return err;
	return 0;
}

void notify(struct sock *sk)
{
	rcu_read_lock();
	unicast(sk, MSG_DONTWAIT);
	rcu_read_unlock();
}

// A caller that may block waits: the local is not zero where nonblock is.
void notify_blocking(struct sock *sk)
{
	rcu_read_lock();
	unicast(sk, 0);
	rcu_read_unlock();
}
// CHECK: lent-local.c:[[@LINE-3]]:2: warning: 'unicast()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: lent-local.c:[[@LINE-5]]:2: note: RCU read-side critical section begun here by 'rcu_read_lock()'
// CHECK: lent-local.c:40:8: note: 'attach()' called here may sleep
// CHECK: lent-local.c:28:12: note: 'schedule_timeout()' may sleep here

// Set to a constant, the local decides the test the same way.
void poll_once(struct sock *sk)
{
	long timeo = 0;

	rcu_read_lock();
	attach(sk, &timeo);
	rcu_read_unlock();
}

// A callee given the address may change the local: after it, a second
// callee's test is not decided by what the path knew before.
void set_timeout(long *timeo);

void poll_after_set(struct sock *sk)
{
	long timeo = 0;

	set_timeout(&timeo);
	rcu_read_lock();
	attach(sk, &timeo);
	rcu_read_unlock();
}
// CHECK: lent-local.c:[[@LINE-3]]:2: warning: 'attach()' may sleep, called inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: lent-local.c:[[@LINE-5]]:2: note: RCU read-side critical section begun here by 'rcu_read_lock()'
// CHECK: lent-local.c:28:12: note: 'schedule_timeout()' may sleep here

// A true flag narrower than the callee could read decides too: 6.1's
// mm/compaction.c isolate_freepages_block() lends `bool locked` to
// compact_unlock_should_abort(), which drops the caller's zone lock
// `if (*locked)` before its cond_resched().
static bool unlock_should_abort(spinlock_t *lock, unsigned long flags,
				bool *locked)
{
	if (*locked) {
		spin_unlock_irqrestore(lock, flags);
		*locked = false;
	}
	cond_resched();
	return false;
}

static spinlock_t zone_lock;

void isolate_block(int n)
{
	unsigned long flags;
	bool locked = false;

	for (; n; n--) {
		if (locked && unlock_should_abort(&zone_lock, flags, &locked))
			break;
		if (!locked) {
			spin_lock_irqsave(&zone_lock, flags);
			locked = true;
		}
	}
	if (locked)
		spin_unlock_irqrestore(&zone_lock, flags);
}

// A false one leaves the caller's lock held over the sleep.
void isolate_unlocked_wrongly(void)
{
	unsigned long flags;
	bool locked = false;

	spin_lock_irqsave(&zone_lock, flags);
	unlock_should_abort(&zone_lock, flags, &locked);
	spin_unlock_irqrestore(&zone_lock, flags);
}
// CHECK: lent-local.c:[[@LINE-3]]:2: warning: 'unlock_should_abort()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: lent-local.c:[[@LINE-5]]:2: note: atomic region begun here by 'spin_lock_irqsave(&zone_lock, flags)'
// CHECK: lent-local.c:105:2: note: 'cond_resched()' may sleep here

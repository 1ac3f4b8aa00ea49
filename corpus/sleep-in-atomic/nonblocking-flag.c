// A function's result chosen by its flag parameter, `noblock ? 0 :
// sk->sk_sndtimeo` (include/net/sock.h's sock_sndtimeo(), 6.1 and 6.12),
// or returned under `if (noblock)`: each arm is its own path, and the
// flag's truth is a test the function's exits keep, so a caller passing
// MSG_DONTWAIT gets the zero timeout and never reaches the wait
// (net/core/sock.c's sock_alloc_send_pskb(): `if (!timeo) goto failure;`
// before sock_wait_for_wmem()). A caller passing 0, or a flag it does not
// know, may wait. The flag passed on through a function of its own is
// decided by that function's callers.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

#define MSG_DONTWAIT 0x40
#define EAGAIN 11

long schedule_timeout(long timeout);

struct sock { long sk_sndtimeo, sk_rcvtimeo; int full; };

static spinlock_t lock;

static inline long sock_sndtimeo(const struct sock *sk, _Bool noblock)
{
	return noblock ? 0 : sk->sk_sndtimeo;
}

static inline long sock_rcvtimeo(const struct sock *sk, _Bool noblock)
{
	if (noblock)
		return 0;
	return sk->sk_rcvtimeo;
}

static int alloc_send(struct sock *sk, int noblock)
{
	long timeo = sock_sndtimeo(sk, noblock);

	for (;;) {
		if (!sk->full)
			return 0;
		if (!timeo)
			return -EAGAIN;
		timeo = schedule_timeout(timeo);
	}
}

static int receive(struct sock *sk, int flags)
{
	long timeo = sock_rcvtimeo(sk, flags & MSG_DONTWAIT);

	while (sk->full) {
		if (!timeo)
			return -EAGAIN;
		timeo = schedule_timeout(timeo);
	}
	return 0;
}

static int reply(struct sock *sk, int noblock)
{
	return alloc_send(sk, noblock);
}

void send_locked(struct sock *sk, int unknown)
{
	spin_lock(&lock);
	alloc_send(sk, MSG_DONTWAIT);
	receive(sk, MSG_DONTWAIT);
	reply(sk, MSG_DONTWAIT);
	alloc_send(sk, 0);
	receive(sk, unknown);
	spin_unlock(&lock);
}
// CHECK: nonblocking-flag.c:71:2: warning: 'alloc_send()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: nonblocking-flag.c:67:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: nonblocking-flag.c:44:11: note: 'schedule_timeout()' may sleep here
// CHECK: nonblocking-flag.c:72:2: warning: 'receive()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: nonblocking-flag.c:67:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: nonblocking-flag.c:55:11: note: 'schedule_timeout()' may sleep here

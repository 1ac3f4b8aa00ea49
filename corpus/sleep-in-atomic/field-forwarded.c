// A flag the caller's caller stored in the object, passed on through a
// wrapper: finish() sleeps only for a request that asks to wait, and
// complete_req() passes the request on untouched, so the flag that
// submit_nowait() stored still decides.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>
#include <linux/spinlock.h>

#define REQ_WAIT 0x4u

struct req {
	unsigned int flags;
	int status;
};

static spinlock_t lock;

static void finish(struct req *r)
{
	if (r->flags & REQ_WAIT)
		might_sleep();
	r->status = 0;
}

static void complete_req(struct req *r)
{
	finish(r);
}

void submit_nowait(struct req *r)
{
	r->flags = 0;
	spin_lock(&lock);
	complete_req(r);
	spin_unlock(&lock);
}

void submit_wait(struct req *r)
{
	r->flags = REQ_WAIT;
	spin_lock(&lock);
	complete_req(r);
	spin_unlock(&lock);
}
// CHECK: field-forwarded.c:42:2: warning: 'complete_req()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: field-forwarded.c:41:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: field-forwarded.c:27:2: note: 'finish()' called here may sleep
// CHECK: field-forwarded.c:21:3: note: 'might_sleep()' may sleep here

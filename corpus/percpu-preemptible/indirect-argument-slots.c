// A function pointer passed on from where it is stored (`n->release`, the
// kref_put() idiom) is what that place holds: put_ref() calls
// notify_release() only from the atomic caller, which passes a 'struct
// notify' field, and holder_release() from the system call's, which passes
// a 'struct holder' field, also through a local variable (put_holder()).
// Every caller's release at once would put notify_release() in the system
// call's context too.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, releases);

struct ref {
	int count;
};

struct notify {
	struct ref ref;
	void (*release)(struct ref *);
};

struct holder {
	struct ref ref;
	void (*release)(struct ref *);
};

static void put_ref(struct ref *r, void (*release)(struct ref *))
{
	if (--r->count == 0)
		release(r);
}

static void notify_release(struct ref *r)
{
	__this_cpu_inc(releases);
}

static void holder_release(struct ref *r)
{
	__this_cpu_inc(releases);
	// CHECK: indirect-argument-slots.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(releases)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-argument-slots.c:[[@LINE+23]]:1: note: '__do_sys_put_refs' is a system call body: task context, preemptible
	// CHECK: indirect-argument-slots.c:[[@LINE+27]]:2: note: 'put_holder' called here
	// CHECK: indirect-argument-slots.c:[[@LINE+18]]:2: note: 'put_ref' called here
	// CHECK: indirect-argument-slots.c:[[@LINE-15]]:3: note: 'holder_release' called through 'release'
}

void notify_init(struct notify *n)
{
	n->release = notify_release;
}

void holder_init(struct holder *h)
{
	h->release = holder_release;
}

static void put_holder(struct holder *h)
{
	void (*release)(struct ref *) = h->release;

	put_ref(&h->ref, release);
}

SYSCALL_DEFINE2(put_refs, struct notify *, n, struct holder *, h)
{
	preempt_disable();
	put_ref(&n->ref, n->release);
	preempt_enable();
	put_holder(h);
	return 0;
}

/* Something reads 'releases' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int releases_decides(void)
{
	return raw_cpu_read(releases);
}

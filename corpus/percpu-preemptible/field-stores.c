// Object state a caller sets up: hpet_legacy_clockevent_register() has
// hpet_init_clockevent() store the device's cpumask (through a local
// pointer into the channel), then registers the device, passing it through
// clockevents_config_and_register() in another file. A device whose
// cpumask is set never takes the `!dev->cpumask` branch that reads
// smp_processor_id(). A caller that clears the mask, sets it on one path
// only, calls a function that may clear it, or passes the device on after
// storing an unknown mask still reaches it. The same holds of a structure on the stack whose flag a
// callee tests. CALLER picks the caller the system call runs.
// RUN: %kharden check --checks=percpu-preemptible %s %S/Inputs/clockevents.c -- %kflags -DCALLER=0 | count 0
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/clockevents.c -- %kflags -DCALLER=1 | FileCheck %s --check-prefix=CLEARED %strict
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/clockevents.c -- %kflags -DCALLER=2 | FileCheck %s --check-prefix=ONE-PATH %strict
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/clockevents.c -- %kflags -DCALLER=3 | FileCheck %s --check-prefix=CHANGED %strict
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/clockevents.c -- %kflags -DCALLER=4 | FileCheck %s --check-prefix=MAYBE-CLEARED %strict
#include <linux/clockevents.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct hpet_channel {
	unsigned int cpu;
	char name[8];
	struct clock_event_device evt;
};

static void hpet_init_clockevent(struct hpet_channel *hc, int rating)
{
	struct clock_event_device *evt = &hc->evt;

	evt->rating = rating;
	evt->name = hc->name;
	evt->cpumask = cpumask_of(hc->cpu);
}

static void hpet_legacy_clockevent_register(struct hpet_channel *hc)
{
	hc->cpu = 0;
	hpet_init_clockevent(hc, 50);
	clockevents_config_and_register(&hc->evt, 1000);
}

static void hpet_cleared_register(struct hpet_channel *hc)
{
	hpet_init_clockevent(hc, 50);
	hc->evt.cpumask = NULL;
	clockevents_register_device(&hc->evt);
}

static void hpet_maybe_register(struct hpet_channel *hc, int legacy)
{
	if (legacy)
		hpet_init_clockevent(hc, 50);
	clockevents_config_and_register(&hc->evt, 1000);
}

const struct cpumask *pick_mask(void);

static void register_picked(struct clock_event_device *dev)
{
	dev->cpumask = pick_mask();
	clockevents_register_device(dev);
}

static void hpet_picked_register(struct hpet_channel *hc)
{
	hpet_init_clockevent(hc, 50);
	register_picked(&hc->evt);
}

// A callee of the file that clears the mask on one path only.
static void hpet_maybe_clear(struct hpet_channel *hc, int clear)
{
	if (clear)
		hc->evt.cpumask = NULL;
}

static void hpet_reset_register(struct hpet_channel *hc, int clear)
{
	hpet_init_clockevent(hc, 50);
	hpet_maybe_clear(hc, clear);
	clockevents_config_and_register(&hc->evt, 1000);
}

// A field of a structure on the stack, tested for a bit.
#define REQ_NOWAIT 0x2
struct request {
	unsigned int flags;
};
DEFINE_PER_CPU(int, blocking_submits);

static void submit(struct request *rq)
{
	if (rq->flags & REQ_NOWAIT)
		return;
	__this_cpu_inc(blocking_submits);
}

static void submit_nowait(void)
{
	struct request rq;

	rq.flags = REQ_NOWAIT;
	submit(&rq);
}

static void submit_blocking(void)
{
	struct request rq;

	rq.flags = 0;
	submit(&rq);
}

static struct hpet_channel channels[4];

SYSCALL_DEFINE1(hpet, int, which)
{
#if CALLER == 0
	hpet_legacy_clockevent_register(&channels[0]);
	submit_nowait();
#elif CALLER == 1
	hpet_cleared_register(&channels[1]);
	submit_blocking();
#elif CALLER == 2
	hpet_maybe_register(&channels[2], which);
#elif CALLER == 3
	hpet_picked_register(&channels[3]);
#else
	hpet_reset_register(&channels[3], which);
#endif
	return 0;
}
// CLEARED: clockevents.c:10:29: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
// CLEARED: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// CLEARED: field-stores.c:121:2: note: 'hpet_cleared_register' called here
// CLEARED: field-stores.c:45:2: note: 'clockevents_register_device' called here
// CLEARED: field-stores.c:94:2: warning: per-CPU read-modify-write '__this_cpu_inc(blocking_submits)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
// CLEARED: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// CLEARED: field-stores.c:122:2: note: 'submit_blocking' called here
// CLEARED: field-stores.c:110:2: note: 'submit' called here
// ONE-PATH: clockevents.c:10:29: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
// ONE-PATH: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// ONE-PATH: field-stores.c:124:2: note: 'hpet_maybe_register' called here
// ONE-PATH: field-stores.c:52:2: note: 'clockevents_config_and_register' called here
// ONE-PATH: clockevents.c:17:2: note: 'clockevents_register_device' called here
// CHANGED: clockevents.c:10:29: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
// CHANGED: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// CHANGED: field-stores.c:126:2: note: 'hpet_picked_register' called here
// CHANGED: field-stores.c:66:2: note: 'register_picked' called here
// CHANGED: field-stores.c:60:2: note: 'clockevents_register_device' called here
// MAYBE-CLEARED: clockevents.c:10:29: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
// MAYBE-CLEARED: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// MAYBE-CLEARED: field-stores.c:128:2: note: 'hpet_reset_register' called here
// MAYBE-CLEARED: field-stores.c:80:2: note: 'clockevents_config_and_register' called here
// MAYBE-CLEARED: clockevents.c:17:2: note: 'clockevents_register_device' called here

/* Something reads 'blocking_submits' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int blocking_submits_decides(void)
{
	return raw_cpu_read(blocking_submits);
}

// Entry contexts that keep no field facts (--max-field-facts=0; past the
// bound, a function's further contexts) rule out neither branch.
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/clockevents.c --max-field-facts=0 --stats -- %kflags -DCALLER=0 2>%t.err | FileCheck %s --check-prefix=NO-FIELDS %strict
// RUN: FileCheck %s --check-prefix=FIELD-STATS < %t.err
// FIELD-STATS: kharden: stats: field facts: 3 functions took further entry contexts without them, past 0 sets each (--max-field-facts)
// NO-FIELDS: clockevents.c:10:29: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
// NO-FIELDS: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// NO-FIELDS: field-stores.c:118:2: note: 'hpet_legacy_clockevent_register' called here
// NO-FIELDS: field-stores.c:38:2: note: 'clockevents_config_and_register' called here
// NO-FIELDS: clockevents.c:17:2: note: 'clockevents_register_device' called here
// NO-FIELDS: field-stores.c:94:2: warning: per-CPU read-modify-write '__this_cpu_inc(blocking_submits)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
// NO-FIELDS: field-stores.c:115:1: note: '__do_sys_hpet' is a system call body: task context, preemptible
// NO-FIELDS: field-stores.c:119:2: note: 'submit_nowait' called here
// NO-FIELDS: field-stores.c:102:2: note: 'submit' called here

// Evidence found later in a function: one that may sleep on every path,
// holding nothing it was not entered with, is entered where sleeping is
// allowed (preemptible), so an operation before the sleep is reported too,
// even when no caller in the run says how it is entered.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/smp.h>

DEFINE_PER_CPU(int, events);

void record_then_lock(struct mutex *m)
{
	__this_cpu_inc(events);
	// CHECK: sleeps-later.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(events)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: sleeps-later.c:[[@LINE+1]]:2: note: 'record_then_lock' may sleep on every path, first here, holding nothing: it is entered preemptible
	mutex_lock(m);
	mutex_unlock(m);
}

static void lock_and_unlock(struct mutex *m)
{
	mutex_lock(m);
	mutex_unlock(m);
}

void record_then_callee(struct mutex *m)
{
	__this_cpu_inc(events);
	// CHECK: sleeps-later.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(events)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: sleeps-later.c:[[@LINE+1]]:2: note: 'record_then_callee' may sleep on every path, first here, holding nothing: it is entered preemptible
	lock_and_unlock(m);
}

// Sleeps on one path only: a caller may enter it atomic on the other.
void record_maybe_lock(struct mutex *m, int wait)
{
	__this_cpu_inc(events);
	if (wait)
		lock_and_unlock(m);
}

// Enables IRQs itself before sleeping: it may be entered with them off.
void record_enable_then_lock(struct mutex *m)
{
	__this_cpu_inc(events);
	local_irq_enable();
	mutex_lock(m);
	mutex_unlock(m);
}

/* Something reads 'events' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int events_decides(void)
{
	return raw_cpu_read(events);
}

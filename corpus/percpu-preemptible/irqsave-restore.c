// local_irq_save()/local_irq_restore(): atomic in between, back to the
// caller's state after.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, events);

SYSCALL_DEFINE0(record)
{
	unsigned long flags;

	local_irq_save(flags);
	__this_cpu_inc(events);
	local_irq_restore(flags);
	__this_cpu_inc(events);
	// CHECK: irqsave-restore.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(events)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: irqsave-restore.c:[[@LINE-9]]:1: note: '__do_sys_record' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'events' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int events_decides(void)
{
	return raw_cpu_read(events);
}

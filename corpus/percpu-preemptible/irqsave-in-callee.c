// A helper that saves IRQ flags for its caller, and one that restores them:
// the caller is atomic in between and back to preemptible after.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, nesting);

static unsigned long begin_atomic(void)
{
	unsigned long flags;

	local_irq_save(flags);
	return flags;
}

static void end_atomic(unsigned long flags)
{
	local_irq_restore(flags);
}

SYSCALL_DEFINE0(nest_irqs)
{
	unsigned long flags = begin_atomic();

	__this_cpu_inc(nesting);
	end_atomic(flags);
	__this_cpu_inc(nesting);
	// CHECK: irqsave-in-callee.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(nesting)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: irqsave-in-callee.c:[[@LINE-8]]:1: note: '__do_sys_nest_irqs' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'nesting' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int nesting_decides(void)
{
	return raw_cpu_read(nesting);
}

// Callees that change the context: a helper that returns with preemption
// disabled, and one that enables IRQs.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(int, owner);

static void enter_critical(void) { preempt_disable(); }
static void leave_critical(void) { preempt_enable(); }
static void irqs_back_on(void) { local_irq_enable(); }

long do_syscall_64(long nr)
{
	raw_cpu_write(owner, 1);
	irqs_back_on();
	enter_critical();
	raw_cpu_write(owner, 2);
	leave_critical();
	raw_cpu_write(owner, 3);
	// CHECK: callee-effects.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: callee-effects.c:[[@LINE-9]]:6: note: 'do_syscall_64' is entered from user mode in task context with IRQs disabled (syscall entry)
	// CHECK: callee-effects.c:[[@LINE-7]]:2: note: 'irqs_back_on()' called here enables IRQs
	return 0;
}

/* Something reads 'owner' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int owner_decides(void)
{
	return raw_cpu_read(owner);
}

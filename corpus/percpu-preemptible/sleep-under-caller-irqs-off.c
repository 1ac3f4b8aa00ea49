// A callee's may-sleep point does not turn on the IRQs a caller holds off:
// perf's event_function_call() calls its func after local_irq_disable(),
// and __perf_remove_from_context()'s put_event() sleeps only when it drops
// the last reference, which it never does there. Sleeping with IRQs off
// would be another bug, not evidence. Once the callee enables them itself,
// they are on.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>

DEFINE_PER_CPU(int, disable_count);
static struct mutex free_mutex;

static void put_ref(void)
{
	mutex_lock(&free_mutex);
	mutex_unlock(&free_mutex);
}

static void remove_from_context(void)
{
	put_ref();
	__this_cpu_inc(disable_count);
}

void function_call(void)
{
	might_sleep();
	local_irq_disable();
	remove_from_context();
	local_irq_enable();
}

static void enable_and_sleep(void)
{
	local_irq_enable();
	put_ref();
	__this_cpu_inc(disable_count);
	// CHECK: sleep-under-caller-irqs-off.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(disable_count)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: sleep-under-caller-irqs-off.c:[[@LINE+9]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	// CHECK: sleep-under-caller-irqs-off.c:[[@LINE+10]]:2: note: 'enable_and_sleep' called here
	// CHECK: sleep-under-caller-irqs-off.c:[[@LINE-6]]:2: note: IRQs enabled here by 'local_irq_enable()'
	// CHECK: sleep-under-caller-irqs-off.c:[[@LINE-6]]:2: note: 'put_ref()' called here may sleep: preemption and IRQs are enabled
	local_irq_disable();
}

void function_call_enabling(void)
{
	might_sleep();
	local_irq_disable();
	enable_and_sleep();
	local_irq_enable();
}

/* Something reads 'disable_count' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int disable_count_decides(void)
{
	return raw_cpu_read(disable_count);
}

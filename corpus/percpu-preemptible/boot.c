// start_kernel() runs before the init task's first schedule(): the initial
// preempt count holds preemption off, even where IRQs are enabled and
// registration code that may sleep is called. The same helper reached from
// a system call is preemptible.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

static struct mutex pmus_lock;
void init_cpu_context(int cpu);

static void register_pmus(void)
{
	mutex_lock(&pmus_lock);
	mutex_unlock(&pmus_lock);
	init_cpu_context(smp_processor_id());
	// CHECK: boot.c:[[@LINE-1]]:19: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: boot.c:[[@LINE+20]]:1: note: '__do_sys_pmu_reload' is a system call body: task context, preemptible
	// CHECK: boot.c:[[@LINE+21]]:2: note: 'register_pmus' called here
	// CHECK: boot.c:[[@LINE-6]]:2: note: 'mutex_lock(&pmus_lock)' may sleep: preemption and IRQs are enabled here
}

static void init_idle_threads(void)
{
	mutex_lock(&pmus_lock);
	init_cpu_context(smp_processor_id());
	mutex_unlock(&pmus_lock);
}

void start_kernel(void)
{
	local_irq_disable();
	local_irq_enable();
	register_pmus();
	init_idle_threads();
}

SYSCALL_DEFINE0(pmu_reload)
{
	register_pmus();
	return 0;
}

// Assertions kharden trusts: platform_quiesce() masks IRQs where kharden
// cannot see it, and the helpers assert the context they need. Their
// accesses are not reported although the syscall looks preemptible.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, irq_state);
void platform_quiesce(void);
void platform_resume(void);

static void must_run_irqs_off(void)
{
	lockdep_assert_irqs_disabled();
	__this_cpu_inc(irq_state);
}

static void must_run_atomic(void)
{
	lockdep_assert_preemption_disabled();
	__this_cpu_inc(irq_state);
}

SYSCALL_DEFINE0(caller)
{
	platform_quiesce();
	must_run_irqs_off();
	must_run_atomic();
	platform_resume();
	return 0;
}

// An early return that re-enables preemption does not leak into the rest.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, budget);

SYSCALL_DEFINE1(spend, int, n)
{
	preempt_disable();
	if (__this_cpu_read(budget) < n) {
		preempt_enable();
		return -1;
	}
	__this_cpu_add(budget, -n);
	preempt_enable();
	return 0;
}

// Per-CPU statistics: incremented per CPU and summed over CPUs. Increments
// are not refills and per_cpu() reads name their CPU. Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, nr_calls);

SYSCALL_DEFINE0(count)
{
	__this_cpu_inc(nr_calls);
	return 0;
}

long total_calls(int ncpus)
{
	long sum = 0;
	int cpu;

	for (cpu = 0; cpu < ncpus; cpu++)
		sum += per_cpu(nr_calls, cpu);
	return sum;
}

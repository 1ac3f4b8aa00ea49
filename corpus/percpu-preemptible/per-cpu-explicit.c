// per_cpu(var, cpu) and per_cpu_ptr() name their CPU; raw_smp_processor_id()
// says any CPU will do: none of them is reported.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, mailbox);

SYSCALL_DEFINE1(post, int, cpu)
{
	int *p = per_cpu_ptr(&mailbox, cpu);

	per_cpu(mailbox, cpu) = 1;
	*p += 1;
	return raw_smp_processor_id();
}

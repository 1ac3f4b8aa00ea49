// migrate_disable() pins the task to its CPU: reading the CPU number and
// reading or writing its per-CPU data is stable.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, home);

SYSCALL_DEFINE0(pin)
{
	int cpu;

	migrate_disable();
	cpu = smp_processor_id();
	__this_cpu_write(home, cpu);
	migrate_enable();
	return cpu;
}

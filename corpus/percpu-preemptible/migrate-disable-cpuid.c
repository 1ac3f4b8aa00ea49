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

// A per-CPU thread never migrates: call_on_cpu() reads the CPU only when
// is_percpu_thread() says so.
int is_percpu_thread(void);
long work_on_cpu(int cpu);

static long call_on_cpu(int cpu, int direct)
{
	if (direct || (is_percpu_thread() && cpu == smp_processor_id()))
		return 0;
	return work_on_cpu(cpu);
}

SYSCALL_DEFINE1(throttle, int, cpu)
{
	return call_on_cpu(cpu, 0);
}

// Not findings: per_cpu() with a CPU the code chose (a parameter, a loop
// over CPUs), and a CPU number used inside its region.
// RUN: %kharden check --checks=percpu-escape %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, pending);

static void poke(int cpu)
{
	per_cpu(pending, cpu) = 1;
}

SYSCALL_DEFINE1(poke, int, target)
{
	int cpu, me;

	for (cpu = 0; cpu < 4; cpu++)
		per_cpu(pending, cpu)++;
	poke(target);
	me = get_cpu();
	per_cpu(pending, me) = 0;
	poke(me);
	put_cpu();
	return 0;
}

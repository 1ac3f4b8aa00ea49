// Nothing tells in what context these run (no caller, no entry fact, no
// evidence): not reported. kharden reports only where preemption is
// certainly possible on some path.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/percpu.h>

DEFINE_PER_CPU(int, scratch);

void exported_helper(int v)
{
	__this_cpu_write(scratch, v);
}

static int called_through_pointer(void)
{
	return raw_cpu_read(scratch);
}

int (*get_scratch)(void) = called_through_pointer;

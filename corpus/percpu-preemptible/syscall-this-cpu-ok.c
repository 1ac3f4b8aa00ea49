// this_cpu_*() disable preemption around the access themselves: no finding,
// even though they are built from raw_cpu_*() inside.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, hits);

SYSCALL_DEFINE1(count_hit, int, n)
{
	this_cpu_inc(hits);
	this_cpu_add(hits, n);
	this_cpu_write(hits, this_cpu_read(hits) + 1);
	return 0;
}

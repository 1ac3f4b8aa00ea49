/* A syscall with a per-CPU read in preemptible context: a known finding. */
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, last_caller);
DEFINE_PER_CPU(int, call_count);

SYSCALL_DEFINE1(peek, int, x)
{
	return raw_cpu_read(last_caller) + x;
}

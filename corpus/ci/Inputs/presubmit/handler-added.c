/* A syscall with a per-CPU read in preemptible context: a known finding. */
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, last_caller);
DEFINE_PER_CPU(int, call_count);

/* A helper the patch adds above the syscall; the
 * old finding moves down four lines. */
static int twice(int x) { return 2 * x; }

SYSCALL_DEFINE1(peek, int, x)
{
	return raw_cpu_read(last_caller) + twice(x) +
	       raw_cpu_read(call_count);
}

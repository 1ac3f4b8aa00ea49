// A value (not a pointer) copied out inside the region stays right after
// it; a pointer only compared with NULL afterwards is not used.
// RUN: %kharden check --checks=percpu-escape %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct stats { int calls; };
DEFINE_PER_CPU(struct stats, stats);
void report(int calls);

SYSCALL_DEFINE0(calls)
{
	struct stats *s;
	int calls;

	preempt_disable();
	s = this_cpu_ptr(&stats);
	calls = s->calls;
	preempt_enable();
	report(calls);
	if (!s)
		return -1;
	return calls;
}

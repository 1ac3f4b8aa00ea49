// Per-CPU variables the scheduler switches with the task (x86's
// __preempt_count, current_task): raw_cpu_*() on them is fine anywhere.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, __preempt_count);
struct task_struct;
DEFINE_PER_CPU(struct task_struct *, current_task);

static inline int preempt_count_read(void) { return raw_cpu_read_4(__preempt_count); }

SYSCALL_DEFINE0(whoami)
{
	return preempt_count_read() + (raw_cpu_read(current_task) != NULL);
}

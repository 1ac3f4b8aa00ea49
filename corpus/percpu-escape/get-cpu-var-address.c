// The address of get_cpu_var()'s copy kept past put_cpu_var().
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct stats { int calls; int errors; };
DEFINE_PER_CPU(struct stats, stats);

SYSCALL_DEFINE0(count)
{
	struct stats *s = &get_cpu_var(stats);

	s->calls++;
	put_cpu_var(stats);
	s->errors++;
	return 0;
}
// CHECK: get-cpu-var-address.c:15:2: warning: per-CPU pointer from 'get_cpu_var(stats)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: get-cpu-var-address.c:11:21: note: per-CPU pointer made here by 'get_cpu_var(stats)'
// CHECK: get-cpu-var-address.c:14:2: note: preemption enabled here by 'put_cpu_var(stats)'
// CHECK: get-cpu-var-address.c:9:1: note: '__do_sys_count' is a system call body: task context, preemptible

// migrate_disable() keeps a CPU number right after preemption comes back,
// but not a per-CPU pointer: another task on this CPU may use the copy.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

struct slot { int val; };
DEFINE_PER_CPU(struct slot, slots);
void note_cpu(int cpu);

SYSCALL_DEFINE0(pinned)
{
	struct slot *s;
	int cpu;

	migrate_disable();
	preempt_disable();
	cpu = smp_processor_id();
	s = this_cpu_ptr(&slots);
	preempt_enable();
	note_cpu(cpu);
	s->val = cpu;
	migrate_enable();
	return 0;
}
// CHECK: pinned.c:23:2: warning: per-CPU pointer from 'this_cpu_ptr(&slots)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: pinned.c:20:6: note: per-CPU pointer made here by 'this_cpu_ptr(&slots)'
// CHECK: pinned.c:21:2: note: preemption enabled here by 'preempt_enable()'
// CHECK: pinned.c:12:1: note: '__do_sys_pinned' is a system call body: task context, preemptible

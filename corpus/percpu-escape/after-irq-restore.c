// local_irq_restore() ends the region local_irq_save() opened.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct ring { int head; };
DEFINE_PER_CPU(struct ring, rings);

SYSCALL_DEFINE0(push)
{
	unsigned long flags;
	struct ring *r;

	local_irq_save(flags);
	r = raw_cpu_ptr(&rings);
	r->head++;
	local_irq_restore(flags);
	r->head = 0;
	return 0;
}
// CHECK: after-irq-restore.c:19:2: warning: per-CPU pointer from 'raw_cpu_ptr(&rings)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: after-irq-restore.c:16:6: note: per-CPU pointer made here by 'raw_cpu_ptr(&rings)'
// CHECK: after-irq-restore.c:10:1: note: '__do_sys_push' is a system call body: task context, preemptible

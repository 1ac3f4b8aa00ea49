// A spinlock's release ends the region that made this_cpu_ptr() stable.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

struct queue { int len; };
DEFINE_PER_CPU(struct queue, queues);
static spinlock_t queue_lock;

SYSCALL_DEFINE0(enqueue)
{
	struct queue *q;

	spin_lock(&queue_lock);
	q = this_cpu_ptr(&queues);
	q->len++;
	spin_unlock(&queue_lock);
	q->len--;
	return 0;
}
// CHECK: after-spin-unlock.c:19:2: warning: per-CPU pointer from 'this_cpu_ptr(&queues)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: after-spin-unlock.c:16:6: note: per-CPU pointer made here by 'this_cpu_ptr(&queues)'
// CHECK: after-spin-unlock.c:18:2: note: preemption enabled here by 'spin_unlock(&queue_lock)'
// CHECK: after-spin-unlock.c:11:1: note: '__do_sys_enqueue' is a system call body: task context, preemptible

// A lock the declaration of a function no file of the run defines says it
// takes keeps preemption off after the call; one it says it releases does
// not. Sparse's __acquires() and __releases(), by the lock's type.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

struct queue { spinlock_t lock; int len; };
DEFINE_PER_CPU(int, queued);

void queue_enter(struct queue *q) __acquires(&q->lock);
void queue_leave(struct queue *q) __releases(&q->lock);

SYSCALL_DEFINE1(drain, struct queue *, q)
{
	queue_enter(q);
	__this_cpu_write(queued, 0);
	queue_leave(q);
	__this_cpu_write(queued, 1);
	return 0;
}

int queued_decides(void)
{
	return raw_cpu_read(queued);
}
// CHECK: declared-locks.c:20:2: warning: per-CPU write '__this_cpu_write(queued)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
// CHECK: declared-locks.c:15:1: note: '__do_sys_drain' is a system call body: task context, preemptible

// A per-CPU read whose value is a pointer picks this CPU's object, as a
// per-CPU address does: cpu-choice where the object's own lock is taken
// before anything changes it (RCU's force-quiescent-state funnel reads its
// leaf rcu_node with raw_cpu_read(rcu_data.mynode), then trylocks each
// level), wrong-cpu-state where it is kept as this CPU's, unknown where the
// object changes unlocked, split-rmw where the pointer is handed on.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT %strict
// DEFAULT: kharden: 4 findings; 2 below --min-severity=warning
// RUN: not %kharden check --checks=percpu-preemptible --min-severity=note %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

int spin_trylock(spinlock_t *lock);

struct node { spinlock_t lock; struct node *parent; int flags; };
struct cpu_data { struct node *mynode; int seq; };
DEFINE_PER_CPU(struct cpu_data, cpu_data);

// 1. The funnel: the leaf is trylocked first, then each parent, the local
// reassigned in the loop.
SYSCALL_DEFINE0(funnel)
{
	struct node *n = raw_cpu_read(cpu_data.mynode);
	struct node *old = NULL;

	for (; n != NULL; n = n->parent) {
		int busy = !spin_trylock(&n->lock);

		if (old != NULL)
			spin_unlock(&old->lock);
		if (busy)
			return 0;
		old = n;
	}
	old->flags |= 1;
	spin_unlock(&old->lock);
	return 0;
}

// 2. Locked at once (__this_cpu_read(), checked by the kernel, still only
// a pick).
SYSCALL_DEFINE1(node_mark, int, f)
{
	struct node *n = __this_cpu_read(cpu_data.mynode);

	spin_lock(&n->lock);
	n->flags |= f;
	spin_unlock(&n->lock);
	return 0;
}

// 3. Kept in an object as this CPU's.
struct waiter { struct node *home; };

SYSCALL_DEFINE1(node_wait, struct waiter *, w)
{
	w->home = raw_cpu_read(cpu_data.mynode);
	return 0;
}

// 4. Changed with no lock taken.
SYSCALL_DEFINE0(node_touch)
{
	struct node *n = raw_cpu_read(cpu_data.mynode);

	n->flags = 0;
	return 0;
}

// 5. A pointer handed from one place to the next: read here, written back
// by another call (the stack-offset bug's shape, with a pointer).
struct slot { struct slot *next; };
DEFINE_PER_CPU(struct slot *, free_slot);

SYSCALL_DEFINE0(slot_take)
{
	struct slot *s = raw_cpu_read(free_slot);

	raw_cpu_write(free_slot, s->next);
	return 0;
}

// CHECK: consequence-pointer-read.c:24:19: note: per-CPU read 'raw_cpu_read(cpu_data.mynode)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-pointer-read.c:22:1: note: '__do_sys_funnel' is a system call body: task context, preemptible
// CHECK: consequence-pointer-read.c:24:19: note: cpu-choice: the pointer in 'cpu_data.mynode' only picks one CPU's object
// CHECK: consequence-pointer-read.c:28:15: note: the picked object's own lock is taken here by 'spin_trylock' in '__do_sys_funnel', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-pointer-read.c:45:19: note: per-CPU read '__this_cpu_read(cpu_data.mynode)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-pointer-read.c:43:1: note: '__do_sys_node_mark' is a system call body: task context, preemptible
// CHECK: consequence-pointer-read.c:45:19: note: cpu-choice: the pointer in 'cpu_data.mynode' only picks one CPU's object
// CHECK: consequence-pointer-read.c:47:2: note: the picked object's own lock is taken here by 'spin_lock' in '__do_sys_node_mark', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-pointer-read.c:58:12: warning: per-CPU read 'raw_cpu_read(cpu_data.mynode)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-pointer-read.c:56:1: note: '__do_sys_node_wait' is a system call body: task context, preemptible
// CHECK: consequence-pointer-read.c:58:12: note: wrong-cpu-state: the pointer in 'cpu_data.mynode' read here stands for this CPU's state
// CHECK: consequence-pointer-read.c:58:2: note: it is stored here, in '__do_sys_node_wait': the object keeps it as this CPU's
// CHECK: consequence-pointer-read.c:65:19: warning: per-CPU read 'raw_cpu_read(cpu_data.mynode)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-pointer-read.c:63:1: note: '__do_sys_node_touch' is a system call body: task context, preemptible
// CHECK: consequence-pointer-read.c:78:19: error: per-CPU read 'raw_cpu_read(free_slot)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// CHECK: consequence-pointer-read.c:76:1: note: '__do_sys_slot_take' is a system call body: task context, preemptible
// CHECK: consequence-pointer-read.c:78:19: note: split-rmw: the value of 'free_slot' read here is used
// CHECK: consequence-pointer-read.c:78:19: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
// CHECK: consequence-pointer-read.c:80:2: note: 'free_slot' is written here by 'raw_cpu_write' in '__do_sys_slot_take': a task that ran in between may have used the same value
// CHECK: consequence-pointer-read.c:80:2: warning: per-CPU write 'raw_cpu_write(free_slot)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-pointer-read.c:76:1: note: '__do_sys_slot_take' is a system call body: task context, preemptible

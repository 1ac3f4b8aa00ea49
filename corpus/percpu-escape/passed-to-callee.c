// The pointer passed, after the region ended, to a function that
// dereferences it: the use in the callee is the finding. Passed inside the
// region, it is not.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct counter { int n; };
DEFINE_PER_CPU(struct counter, counters);

static void bump(struct counter *c)
{
	c->n++;
}

SYSCALL_DEFINE0(bump_twice)
{
	struct counter *c;

	preempt_disable();
	c = this_cpu_ptr(&counters);
	bump(c);
	preempt_enable();
	bump(c);
	return 0;
}
// CHECK: passed-to-callee.c:13:2: warning: per-CPU pointer from 'this_cpu_ptr(&counters)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: passed-to-callee.c:21:6: note: per-CPU pointer made here by 'this_cpu_ptr(&counters)'
// CHECK: passed-to-callee.c:24:2: note: passed here to 'bump()'
// CHECK: passed-to-callee.c:23:2: note: preemption enabled here by 'preempt_enable()'
// CHECK: passed-to-callee.c:16:1: note: '__do_sys_bump_twice' is a system call body: task context, preemptible

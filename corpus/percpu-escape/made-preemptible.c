// A pointer made where preemption is on is percpu-preemptible's finding,
// not this check's; and code whose context nothing tells is not reported.
// RUN: not %kharden check --checks=percpu-escape,percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct slot { int val; };
DEFINE_PER_CPU(struct slot, slots);

SYSCALL_DEFINE0(made_late)
{
	struct slot *s = this_cpu_ptr(&slots);

	s->val = 1;
	return 0;
}

void unknown_context(void)
{
	struct slot *s;

	preempt_disable();
	s = this_cpu_ptr(&slots);
	preempt_enable();
	s->val = 2;
}
// CHECK: made-preemptible.c:12:19: warning: per-CPU pointer 'this_cpu_ptr(&slots)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible]
// CHECK: made-preemptible.c:10:1: note: '__do_sys_made_late' is a system call body: task context, preemptible

// A function that returns this CPU's pointer after its own region ended:
// the caller's use is the finding, with the return in the notes.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct slot { int val; };
DEFINE_PER_CPU(struct slot, slots);

static struct slot *my_slot(void)
{
	struct slot *s;

	preempt_disable();
	s = this_cpu_ptr(&slots);
	s->val = 0;
	preempt_enable();
	return s;
}

SYSCALL_DEFINE0(fill)
{
	struct slot *s = my_slot();

	s->val = 1;
	return 0;
}
// CHECK: returned-after-region.c:25:2: warning: per-CPU pointer from 'this_cpu_ptr(&slots)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: returned-after-region.c:15:6: note: per-CPU pointer made here by 'this_cpu_ptr(&slots)'
// CHECK: returned-after-region.c:18:2: note: returned here by 'my_slot()'
// CHECK: returned-after-region.c:17:2: note: preemption enabled here by 'preempt_enable()'
// CHECK: returned-after-region.c:21:1: note: '__do_sys_fill' is a system call body: task context, preemptible

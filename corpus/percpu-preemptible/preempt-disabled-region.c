// Accesses between preempt_disable() and preempt_enable() are safe; the one
// after the enable is not.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, seq);

SYSCALL_DEFINE0(bump)
{
	u32 v;

	preempt_disable();
	v = __this_cpu_read(seq);
	__this_cpu_write(seq, v + 1);
	preempt_enable();
	return __this_cpu_read(seq);
	// CHECK: preempt-disabled-region.c:[[@LINE-1]]:9: warning: per-CPU read '__this_cpu_read(seq)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: preempt-disabled-region.c:[[@LINE-10]]:1: note: '__do_sys_bump' is a system call body: task context, preemptible
}

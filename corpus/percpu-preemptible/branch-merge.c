// After a conditional preempt_disable() the access is preemptible on the
// path that skipped it: reported ("on some path").
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, slot);

SYSCALL_DEFINE1(maybe, int, atomic)
{
	int v;

	if (atomic)
		preempt_disable();
	v = raw_cpu_read(slot);
	// CHECK: branch-merge.c:[[@LINE-1]]:6: warning: per-CPU read 'raw_cpu_read(slot)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: branch-merge.c:[[@LINE-8]]:1: note: '__do_sys_maybe' is a system call body: task context, preemptible
	if (atomic)
		preempt_enable();
	return v;
}

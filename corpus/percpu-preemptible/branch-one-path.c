// Only the path without preempt_disable() is reported.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, slot);

SYSCALL_DEFINE1(pick, int, safe)
{
	int v;

	if (safe) {
		preempt_disable();
		v = raw_cpu_read(slot);
		preempt_enable();
	} else {
		v = raw_cpu_read(slot);
		// CHECK: branch-one-path.c:[[@LINE-1]]:7: warning: per-CPU read 'raw_cpu_read(slot)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
		// CHECK: branch-one-path.c:[[@LINE-11]]:1: note: '__do_sys_pick' is a system call body: task context, preemptible
	}
	return v;
}

// get_cpu()/put_cpu(): the CPU number is stable in between, not after.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, visits);

SYSCALL_DEFINE0(whereami)
{
	int cpu = get_cpu();

	__this_cpu_inc(visits);
	put_cpu();
	return cpu + smp_processor_id();
	// CHECK: get-cpu.c:[[@LINE-1]]:15: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: get-cpu.c:[[@LINE-8]]:1: note: '__do_sys_whereami' is a system call body: task context, preemptible
}

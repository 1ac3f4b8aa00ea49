// smp_processor_id() read with preemption off, used after preempt_enable():
// the number is no longer this task's CPU. The read itself is right, so
// percpu-preemptible says nothing.
// RUN: not %kharden check --checks=percpu-escape,percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, owner);
void record(int cpu);

SYSCALL_DEFINE0(whoami)
{
	int cpu;

	preempt_disable();
	cpu = smp_processor_id();
	preempt_enable();
	if (cpu > 4)
		record(cpu);
	return 0;
}
// CHECK: cpu-after-enable.c:19:6: warning: CPU number from 'smp_processor_id()' used after the region that kept it right has ended, where preemption is enabled; the task may run on another CPU by now [percpu-escape]
// CHECK: cpu-after-enable.c:17:8: note: CPU number read here by 'smp_processor_id()'
// CHECK: cpu-after-enable.c:18:2: note: preemption enabled here by 'preempt_enable()'
// CHECK: cpu-after-enable.c:12:1: note: '__do_sys_whoami' is a system call body: task context, preemptible

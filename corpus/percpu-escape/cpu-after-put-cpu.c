// A CPU number from get_cpu() used after put_cpu(): the task may have
// moved to another CPU in between.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, hits);
void kick_cpu(int cpu);

SYSCALL_DEFINE0(kick)
{
	int cpu = get_cpu();

	kick_cpu(cpu);
	put_cpu();
	kick_cpu(cpu);
	return 0;
}
// CHECK: cpu-after-put-cpu.c:17:2: warning: CPU number from 'get_cpu()' used after the region that kept it right has ended, where preemption is enabled; the task may run on another CPU by now [percpu-escape]
// CHECK: cpu-after-put-cpu.c:13:12: note: CPU number read here by 'get_cpu()'
// CHECK: cpu-after-put-cpu.c:16:2: note: preemption enabled here by 'put_cpu()'
// CHECK: cpu-after-put-cpu.c:11:1: note: '__do_sys_kick' is a system call body: task context, preemptible

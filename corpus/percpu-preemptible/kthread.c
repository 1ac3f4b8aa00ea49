// A kthread function runs in task context: preemptible.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/kthread.h>
#include <linux/smp.h>

static int worker(void *data)
{
	int cpu = smp_processor_id();
	// CHECK: kthread.c:[[@LINE-1]]:12: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: kthread.c:[[@LINE+6]]:2: note: 'worker' is a kthread function: task context, preemptible
	return cpu;
}

void start_worker(void)
{
	kthread_run(worker, NULL, "kh-worker");
}

// A function registered with INIT_WORK() runs in a kworker: preemptible.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/workqueue.h>

DEFINE_PER_CPU(int, flushes);
static struct work_struct flush_work;

static void do_flush(struct work_struct *w)
{
	raw_cpu_inc(flushes);
	// CHECK: work-item.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(flushes)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: work-item.c:[[@LINE+5]]:2: note: 'do_flush' is a work item: runs in a kworker, preemptible
}

void start_flush(void)
{
	INIT_WORK(&flush_work, do_flush);
	schedule_work(&flush_work);
}

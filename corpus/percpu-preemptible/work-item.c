// A function registered with INIT_WORK() runs in a kworker bound to one CPU:
// preemptible but not migrated. Its CPU number and plain reads are stable;
// a read-modify-write can still be interleaved by a preempting task.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/smp.h>
#include <linux/workqueue.h>

DEFINE_PER_CPU(int, flushes);
DEFINE_PER_CPU(int, last_flush_cpu);
static struct work_struct flush_work;

static void do_flush(struct work_struct *w)
{
	__this_cpu_write(last_flush_cpu, smp_processor_id());
	raw_cpu_inc(flushes);
	// CHECK: work-item.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(flushes)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// CHECK: work-item.c:[[@LINE+5]]:2: note: 'do_flush' is a work item: runs in a kworker bound to one CPU, preemptible
}

void start_flush(void)
{
	INIT_WORK(&flush_work, do_flush);
	schedule_work(&flush_work);
}

// schedule_on_each_cpu() runs its function as a work item on every CPU, and
// a per-CPU kthread is bound to its CPU: both are pinned.
#include <linux/kthread.h>
#include <linux/sched.h>

static void refresh_stats(struct work_struct *w)
{
	might_sleep();
	if (__this_cpu_read(flushes))
		__this_cpu_write(last_flush_cpu, smp_processor_id());
}

static int percpu_thread_fn(void *data)
{
	might_sleep();
	return smp_processor_id() == __this_cpu_read(last_flush_cpu);
}

void start_everywhere(unsigned int cpu)
{
	schedule_on_each_cpu(refresh_stats);
	kthread_create_on_cpu(percpu_thread_fn, 0, cpu, "percpu/%u");
}

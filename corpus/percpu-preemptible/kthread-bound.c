// A thread that kthread_bind() binds to one CPU before it first runs is a
// per-CPU thread, which the kernel's own rule accepts: its function is
// entered pinned (the kernel model's `bound-threads`). The task must be in
// the place the bind reads; a bind after kthread_run() is not the contract.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>

DEFINE_PER_CPU(int, wakeups);

struct pool {
	struct task_struct *task;
};

static int bound(void *data)
{
	might_sleep();
	return smp_processor_id();
}

static int bound_in_field(void *data)
{
	might_sleep();
	return smp_processor_id();
}

static int bound_by_macro(void *data)
{
	return smp_processor_id();
}

// Pinned, a raw read-modify-write is still one a preempting task may
// interleave with; the note shows where the thread was bound.
static int bound_counting(void *data)
{
	raw_cpu_inc(wakeups);
	// CHECK: kthread-bound.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(wakeups)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// CHECK: kthread-bound.c:[[@LINE+34]]:2: note: 'bound_counting' is a kthread function whose thread kthread_bind() binds to one CPU here, before it runs: preemptible, pinned
	return 0;
}

int too_many_wakeups(void)
{
	return raw_cpu_read(wakeups) > 10;
}

static int other_task_bound(void *data)
{
	return smp_processor_id();
	// CHECK: kthread-bound.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: kthread-bound.c:[[@LINE+22]]:6: note: 'other_task_bound' is a kthread function: task context, preemptible
}

static int run_then_bound(void *data)
{
	return smp_processor_id();
	// CHECK: kthread-bound.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: kthread-bound.c:[[@LINE+18]]:6: note: 'run_then_bound' is a kthread function: task context, preemptible
}

void start(struct pool *pool, unsigned int cpu)
{
	struct task_struct *p, *q;

	p = kthread_create_on_node(bound, NULL, 0, "bound/%u", cpu);
	kthread_bind(p, cpu);
	pool->task = kthread_create_on_node(bound_in_field, NULL, 0, "field");
	kthread_bind(pool->task, cpu);
	q = kthread_create(bound_by_macro, NULL, "macro");
	kthread_bind(q, cpu);
	p = kthread_create_on_node(bound_counting, NULL, 0, "count");
	kthread_bind(p, cpu);
	q = kthread_create(other_task_bound, NULL, "other");
	q = p;
	kthread_bind(q, cpu);
	q = kthread_run(run_then_bound, NULL, "run");
	kthread_bind(q, cpu);
}

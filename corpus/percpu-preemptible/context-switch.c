// Preempt notifiers run inside the scheduler, which holds preemption
// disabled (include/linux/preempt.h): sched_in with IRQs enabled, sched_out
// with the runqueue lock held. A call through 'struct preempt_ops' adds no
// context to them, not even on a path where the scheduler was entered with
// preemption enabled (the per-CPU read there is reported).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(long, switches);

struct preempt_ops {
	void (*sched_in)(int cpu);
	void (*sched_out)(int cpu);
};

static void vcpu_sched_in(int cpu)
{
	__this_cpu_inc(switches);
}

static void vcpu_sched_out(int cpu)
{
	__this_cpu_add(switches, -1);
}

static const struct preempt_ops vcpu_preempt_ops = {
	.sched_in = vcpu_sched_in,
	.sched_out = vcpu_sched_out,
};
static const struct preempt_ops *notifier = &vcpu_preempt_ops;

static void __schedule(void)
{
	int cpu = smp_processor_id();
	// CHECK: context-switch.c:[[@LINE-1]]:12: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: context-switch.c:[[@LINE+9]]:1: note: '__do_sys_exit_dead' is a system call body: task context, preemptible
	// CHECK: context-switch.c:[[@LINE+10]]:2: note: '__schedule' called here

	notifier->sched_out(cpu);
	notifier->sched_in(cpu);
}

// A dying task that forgot to disable preemption, as make_task_dead()'s
// recursive-fault path did.
SYSCALL_DEFINE0(exit_dead)
{
	__schedule();
	return 0;
}

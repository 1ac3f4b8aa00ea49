// The scheduler's fix-up of a corrupted count (schedule_debug(), kernel/
// sched/core.c in 6.1 and 6.12): where in_atomic_preempt_off() is true it
// sets the count to PREEMPT_DISABLED, where false exactly one disable is
// held, so the per-CPU pointer after it is safe either way, and so is what
// a caller holding nothing does after the call. What it read before the
// fix-up is not; nor is what follows a count set to a saved value, or
// in_atomic_preempt_off()'s true branch alone. A disable/enable pair after
// the fix-up leaves the count it set.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

extern int __preempt_count;
int preempt_count(void);
#define PREEMPT_ENABLED 0
#define PREEMPT_DISABLE_OFFSET 1
#define PREEMPT_DISABLED (PREEMPT_DISABLE_OFFSET + PREEMPT_ENABLED)
#define FORK_PREEMPT_COUNT (2 * PREEMPT_DISABLE_OFFSET + PREEMPT_ENABLED)
#define in_atomic_preempt_off() (preempt_count() != PREEMPT_DISABLE_OFFSET)
static inline void preempt_count_set(int pc) { __preempt_count = pc; }
void schedule_bug(void);

DEFINE_PER_CPU(int, sched_count);

static void schedule_debug(void)
{
	if (in_atomic_preempt_off()) {
		schedule_bug();
		preempt_count_set(PREEMPT_DISABLED);
	}
	__this_cpu_inc(sched_count);
}

SYSCALL_DEFINE0(task_dead)
{
	int cpu = smp_processor_id();
	// CHECK: preempt-count-set.c:[[@LINE-1]]:12: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: preempt-count-set.c:[[@LINE-4]]:1: note: '__do_sys_task_dead' is a system call body: task context, preemptible

	schedule_debug();
	return cpu + __this_cpu_read(sched_count);
}

SYSCALL_DEFINE1(switch_back, int, count)
{
	if (count != 2)
		preempt_count_set(FORK_PREEMPT_COUNT);
	else
		preempt_count_set(count);
	__this_cpu_inc(sched_count);
	// CHECK: preempt-count-set.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(sched_count)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: preempt-count-set.c:[[@LINE-8]]:1: note: '__do_sys_switch_back' is a system call body: task context, preemptible
	return 0;
}

SYSCALL_DEFINE0(atomic_test)
{
	if (!in_atomic_preempt_off())
		__this_cpu_inc(sched_count);
	if (in_atomic_preempt_off())
		__this_cpu_inc(sched_count);
	// CHECK: preempt-count-set.c:[[@LINE-1]]:3: warning: per-CPU read-modify-write '__this_cpu_inc(sched_count)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: preempt-count-set.c:[[@LINE-7]]:1: note: '__do_sys_atomic_test' is a system call body: task context, preemptible
	return 0;
}

SYSCALL_DEFINE0(fixed_up_pair)
{
	preempt_count_set(PREEMPT_DISABLED);
	preempt_disable();
	preempt_enable();
	__this_cpu_inc(sched_count);
	return 0;
}

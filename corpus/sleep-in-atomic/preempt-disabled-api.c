// schedule_preempt_disabled() is called with preemption disabled once and
// releases that count before it sleeps (kernel/sched/core.c, 6.1 and
// 6.12): its callers' sleep is no sleep in atomic context. Nothing to
// report.
// RUN: %kharden check --checks=sleep-in-atomic %s -- %kflags | count 0
#include <linux/sched.h>
#include <linux/preempt.h>

#define sched_preempt_enable_no_resched() \
do { \
	barrier(); \
	__preempt_count--; \
} while (0)

void schedule_preempt_disabled(void)
{
	sched_preempt_enable_no_resched();
	schedule();
	preempt_disable();
}

void park(void)
{
	preempt_disable();
	schedule_preempt_disabled();
	preempt_enable();
}

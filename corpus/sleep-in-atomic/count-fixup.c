// An asserted count is moved by the enables after it. The scheduler's
// fix-up of a corrupted count (finish_task_switch(), kernel/sched/core.c in
// 6.1 and 6.12) sets FORK_PREEMPT_COUNT, then releases the runqueue lock;
// schedule_tail(), entered from assembly, enables preemption after it and
// then writes the child's TID with put_user(). The assertion said "off"
// before the release, nothing after the enable: the put_user() is where the
// code expects to sleep. Sleeping where the count is still asserted is
// reported, and so is sleeping after a balanced disable/enable pair.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

extern int __preempt_count;
int preempt_count(void);
#define PREEMPT_DISABLE_OFFSET 1
#define PREEMPT_DISABLED PREEMPT_DISABLE_OFFSET
#define FORK_PREEMPT_COUNT (2 * PREEMPT_DISABLE_OFFSET)
static inline void preempt_count_set(int pc) { __preempt_count = pc; }

static raw_spinlock_t rq_lock;

static void finish_switch(void)
{
	if (preempt_count() != 2 * PREEMPT_DISABLE_OFFSET)
		preempt_count_set(FORK_PREEMPT_COUNT);
	_raw_spin_unlock_irq(&rq_lock);
}

void fork_tail(int __user *tid)
{
	finish_switch();
	preempt_enable();
	put_user(1, tid);
}

void fixed_up_sleep(void)
{
	preempt_count_set(PREEMPT_DISABLED);
	preempt_disable();
	preempt_enable();
	msleep(1);
}
// CHECK: count-fixup.c:[[@LINE-2]]:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: count-fixup.c:[[@LINE-6]]:2: note: atomic region begun here by 'preempt_count_set(PREEMPT_DISABLED)'

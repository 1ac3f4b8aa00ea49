// 6.12's local_lock_nested_bh() changes no count without PREEMPT_RT: it
// asserts that bottom halves are off (lockdep_assert_in_softirq()), and
// local_unlock_nested_bh() only tells lockdep. net/core/dev.c's
// process_backlog() drops it to deliver each packet it dequeued, still in
// softirq: whoever calls it, nothing it reaches runs preemptible, and the
// unlock is no evidence that it does. With local_lock() instead
// (-DPLAIN_LOCK), which disables preemption, the unlock re-enables it: the
// function then looks entered preemptible.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags -DPLAIN_LOCK | FileCheck %s %strict
#include <linux/local_lock.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>

#ifdef PLAIN_LOCK
#define lock_backlog(l) local_lock(l)
#define unlock_backlog(l) local_unlock(l)
#else
#define lock_backlog(l) local_lock_nested_bh(l)
#define unlock_backlog(l) local_unlock_nested_bh(l)
#endif

struct backlog {
	local_lock_t bh_lock;
};
DEFINE_PER_CPU(struct backlog, backlog);
DEFINE_PER_CPU(long, processed);

int dequeue(void);
int ipi_waiting(void);

static void deliver(void)
{
	__this_cpu_inc(processed);
}

/* net_rx_action() calls it in another file: its context is unknown here. */
int process_backlog(void)
{
	int work = 0;

	/* net_rps_action_and_irq_enable() */
	if (ipi_waiting()) {
		local_irq_disable();
		local_irq_enable();
	}
	lock_backlog(&backlog.bh_lock);
	while (dequeue()) {
		unlock_backlog(&backlog.bh_lock);
		deliver();
		work++;
		lock_backlog(&backlog.bh_lock);
	}
	unlock_backlog(&backlog.bh_lock);
	return work;
}

/* Something reads 'processed' for a decision, so an update is of unknown
 * consequence (a warning). Nothing calls it and nothing in it says its
 * context: not reported. */
int backlog_busy(void)
{
	return raw_cpu_read(processed) > 64;
}
// CHECK: local-lock-nested-bh.c:34:2: warning: per-CPU read-modify-write '__this_cpu_inc(processed)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
// CHECK: local-lock-nested-bh.c:45:3: note: IRQs enabled here by 'local_irq_enable()'
// CHECK: local-lock-nested-bh.c:49:3: note: preemption enabled here by 'local_unlock(&backlog.bh_lock)'
// CHECK: local-lock-nested-bh.c:50:3: note: 'deliver' called here

// Callbacks that run in interrupt context, from how the code registers them:
// RCU and SRCU callbacks (BH disabled), irq_work (hard IRQ), hrtimers
// (hard or soft IRQ: the callback is assigned to the timer's 'function'),
// x86 NMI handlers. Each callback says it may sleep (a sleep-in-atomic bug
// for another check): in an unknown context that would make it preemptible,
// so only its registered context keeps its access from being reported.
// None is reported; the same access in a system call body is.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
// Without the registrations, all seven are (with the system call: 8).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags -DUNREGISTERED | grep -c 'warning: ' | FileCheck %s --check-prefix=UNREGISTERED
// UNREGISTERED: 8
#include <asm/nmi.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, events);

static void my_rcu(struct rcu_head *h) { might_sleep(); __this_cpu_inc(events); }
static void my_rcu_hurry(struct rcu_head *h) { might_sleep(); __this_cpu_inc(events); }
static void my_srcu(struct rcu_head *h) { might_sleep(); __this_cpu_inc(events); }
static void my_irq_work(struct irq_work *w) { might_sleep(); __this_cpu_inc(events); }
static void my_static_irq_work(struct irq_work *w) { might_sleep(); __this_cpu_inc(events); }
static enum hrtimer_restart my_hrtimer(struct hrtimer *t)
{
	might_sleep();
	__this_cpu_inc(events);
	return HRTIMER_NORESTART;
}
static int my_nmi(unsigned int type, struct pt_regs *regs)
{
	might_sleep();
	return smp_processor_id();
}

static struct rcu_head rh;
static struct srcu_struct *ss;
static struct irq_work iw;
static struct hrtimer ht;
#ifndef UNREGISTERED
static DEFINE_IRQ_WORK(static_iw, my_static_irq_work);

void setup(void)
{
	call_rcu(&rh, my_rcu);
	call_rcu_hurry(&rh, my_rcu_hurry);
	call_srcu(ss, &rh, my_srcu);
	init_irq_work(&iw, my_irq_work);
	hrtimer_init(&ht, 1, HRTIMER_MODE_REL);
	ht.function = my_hrtimer;
	register_nmi_handler(0, my_nmi, 0, "mine");
}
#else
void (*keep[])(void) = {(void *)my_rcu, (void *)my_rcu_hurry, (void *)my_srcu,
			(void *)my_irq_work, (void *)my_static_irq_work,
			(void *)my_hrtimer, (void *)my_nmi};
#endif

SYSCALL_DEFINE0(count_event)
{
	__this_cpu_inc(events);
	// CHECK: irq-contexts.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(events)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: irq-contexts.c:[[@LINE-4]]:1: note: '__do_sys_count_event' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'events' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int events_decides(void)
{
	return raw_cpu_read(events);
}

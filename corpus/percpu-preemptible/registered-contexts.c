// Callbacks registered by function call run in the context their
// registration implies: softirq actions, tasklets and timers with BH
// disabled, IRQ handlers with IRQs off, ONLINE CPU hotplug callbacks in the
// CPU's pinned thread (hotplug-sections.c has the other sections). None of
// these accesses is reported; the same access in a syscall is, and so is
// one in a threaded IRQ handler, which
// devm_request_threaded_irq() takes one argument later than
// request_threaded_irq() (devm_request_irq() passes its handler on to it).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, events);

static void my_softirq(struct softirq_action *a) { __this_cpu_inc(events); }
static void my_tasklet(unsigned long d) { __this_cpu_inc(events); }
static void my_timer(struct timer_list *t) { __this_cpu_inc(events); }
static irqreturn_t my_irq(int irq, void *dev) { __this_cpu_inc(events); return 0; }

static irqreturn_t my_devm_irq(int irq, void *dev) { __this_cpu_inc(events); return 0; }
static irqreturn_t my_devm_hard(int irq, void *dev) { __this_cpu_inc(events); return 0; }
static irqreturn_t my_devm_thread(int irq, void *dev)
{
	__this_cpu_inc(events);
	// CHECK: registered-contexts.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(events)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: registered-contexts.c:[[@LINE+25]]:50: note: 'my_devm_thread' is a threaded IRQ handler: runs in an IRQ thread, preemptible
	return 0;
}

static int my_cpu_online(unsigned int cpu)
{
	might_sleep();
	return smp_processor_id() == (int)cpu;
}

static struct tasklet_struct tl;
static struct timer_list tm;

void setup(void)
{
	open_softirq(3, my_softirq);
	tasklet_init(&tl, my_tasklet, 0);
	timer_setup(&tm, my_timer, 0);
	request_irq(7, my_irq, 0, "mine", NULL);
	cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "mine:online", my_cpu_online, NULL);
}

void setup_devm(struct device *dev)
{
	devm_request_irq(dev, 8, my_devm_irq, 0, "mine", NULL);
	devm_request_threaded_irq(dev, 9, my_devm_hard, my_devm_thread, 0, "mine", NULL);
}

SYSCALL_DEFINE0(count_event)
{
	__this_cpu_inc(events);
	// CHECK: registered-contexts.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(events)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: registered-contexts.c:[[@LINE-4]]:1: note: '__do_sys_count_event' is a system call body: task context, preemptible
	return 0;
}

/* Something reads 'events' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int events_decides(void)
{
	return raw_cpu_read(events);
}

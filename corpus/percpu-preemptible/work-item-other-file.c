// A work item registered in one file and defined in another, as resctrl's
// INIT_DELAYED_WORK(&d->mbm_over, mbm_handle_overflow) in rdtgroup.c names
// a function of monitor.c (6.1 and 6.12): the registration names it by its
// prototype, and the function runs in a kworker bound to one CPU.
// RUN: %expect-exit 0 %kharden check --checks=percpu-preemptible %s %S/Inputs/work-handler.c -- %kflags | count 0
// Alone, the function's file does not say it is a work item: its own
// might_sleep() says it is entered preemptible.
// RUN: not %kharden check --checks=percpu-preemptible %S/Inputs/work-handler.c -- %kflags | FileCheck %s %strict
// CHECK: work-handler.c:12:33: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [unknown]
// CHECK: work-handler.c:11:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
#include <linux/workqueue.h>

void handle_overflow(struct work_struct *w);

static struct delayed_work overflow_work;

void start_overflow_handling(void)
{
	INIT_DELAYED_WORK(&overflow_work, handle_overflow);
	queue_delayed_work(system_wq, &overflow_work, 1);
}

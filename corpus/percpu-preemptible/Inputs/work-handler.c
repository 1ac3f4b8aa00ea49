// The work function of work-item-other-file.c, defined apart from the
// registration that names it.
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/workqueue.h>

DEFINE_PER_CPU(int, overflow_cpu);

void handle_overflow(struct work_struct *w)
{
	might_sleep();
	__this_cpu_write(overflow_cpu, smp_processor_id());
}

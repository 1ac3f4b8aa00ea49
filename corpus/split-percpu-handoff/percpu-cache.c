// A per-CPU object cache: taken and refilled inside one IRQs-off region.
// Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(void *, spare_obj);
void *alloc_obj(void);
void use_obj(void *obj);

SYSCALL_DEFINE0(take_obj)
{
	unsigned long flags;
	void *obj;

	local_irq_save(flags);
	obj = __this_cpu_read(spare_obj);
	__this_cpu_write(spare_obj, NULL);
	local_irq_restore(flags);
	use_obj(obj);
	return 0;
}

// x86: add_random_kstack_offset() at the top of do_syscall_64(), before
// IRQs are enabled, is not a percpu-preemptible finding (the split handoff
// between entry and exit is split-percpu-handoff's business).
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/irqflags.h>
#include <linux/randomize_kstack.h>

long dispatch(long nr);

long do_syscall_64(long nr)
{
	long ret;

	add_random_kstack_offset();
	local_irq_enable();
	ret = dispatch(nr);
	local_irq_disable();
	choose_random_kstack_offset(get_random_u16());
	return ret;
}

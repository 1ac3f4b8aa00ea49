// Both sides with IRQs disabled, but the refill runs only at syscall exit:
// a CPU can reach user mode again (an interrupt return) without a refill.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/randomize_kstack.h>

long dispatch(long nr);

static void refill_at_syscall_exit(void)
{
	choose_random_kstack_offset(get_random_u16());
}

void do_syscall_64(long nr)
{
	add_random_kstack_offset();
	local_irq_enable();
	dispatch(nr);
	local_irq_disable();
	refill_at_syscall_exit();
}

// x86 (v5.13 .. early 2026): consumed at syscall entry with IRQs disabled,
// refilled in arch_exit_to_user_mode_prepare() with IRQs disabled on every
// return to user mode (syscall exit and interrupt return).
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/entry-common.h>

long dispatch(long nr);

void do_syscall_64(void *regs, long nr)
{
	add_random_kstack_offset();
	local_irq_enable();
	dispatch(nr);
	syscall_exit_to_user_mode(regs);
}

void irqentry_exit(void *regs)
{
	irqentry_exit_to_user_mode(regs);
}

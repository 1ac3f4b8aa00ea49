#ifndef _LINUX_ENTRY_COMMON_H
#define _LINUX_ENTRY_COMMON_H
/* The shape of kernel/entry/common.c: every return to user mode, after a
 * syscall or an interrupt, goes through exit_to_user_mode_prepare() with
 * IRQs disabled. */
#include <asm/entry-common.h>
#include <linux/lockdep.h>
static inline void exit_to_user_mode_prepare(void *regs)
{
	lockdep_assert_irqs_disabled();
	arch_exit_to_user_mode_prepare(regs, 0);
}
static inline void syscall_exit_to_user_mode(void *regs)
{
	local_irq_disable();
	exit_to_user_mode_prepare(regs);
}
static inline void irqentry_exit_to_user_mode(void *regs)
{
	exit_to_user_mode_prepare(regs);
}
#endif

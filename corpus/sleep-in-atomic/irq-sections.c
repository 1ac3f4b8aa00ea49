// An exception from user mode interrupts the task: its context is the
// task's, with IRQs masked. arm64's el0_interrupt() runs the IRQ handler in
// a hard IRQ section (irq_enter_rcu() .. irq_exit_rcu()), and an SError's
// handler runs in an NMI section (arm64_enter_nmi(): __nmi_enter()); after
// them the return to user space runs in the task's context again, where
// do_notify_resume() may call schedule() with IRQs masked. A sleep inside a
// section is reported in its kind; the schedule() after it is not.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <asm/daifflags.h>
#include <linux/hardirq.h>
#include <linux/sched.h>

struct pt_regs;
extern int need_resched_flag;

static void handle_irq(struct pt_regs *regs)
{
	msleep(1);
}

static void handle_serror(struct pt_regs *regs)
{
	msleep(2);
}

static void arm64_enter_nmi(struct pt_regs *regs)
{
	__nmi_enter();
}

static void arm64_exit_nmi(struct pt_regs *regs)
{
	__nmi_exit();
}

static void exit_to_user_mode(struct pt_regs *regs)
{
	local_daif_mask();
	if (need_resched_flag)
		schedule();
}

void el0t_64_irq_handler(struct pt_regs *regs)
{
	irq_enter_rcu();
	handle_irq(regs);
	irq_exit_rcu();
	exit_to_user_mode(regs);
}

void el0t_64_error_handler(struct pt_regs *regs)
{
	arm64_enter_nmi(regs);
	handle_serror(regs);
	arm64_exit_nmi(regs);
	exit_to_user_mode(regs);
}
// CHECK: irq-sections.c:46:2: warning: 'handle_irq()' may sleep, called where the context may be a hard IRQ [sleep-in-atomic]
// CHECK: irq-sections.c:45:2: note: hard IRQ context entered here by 'irq_enter_rcu()'
// CHECK: irq-sections.c:18:2: note: 'msleep()' may sleep here
// CHECK: irq-sections.c:54:2: warning: 'handle_serror()' may sleep, called where the context may be an NMI [sleep-in-atomic]
// CHECK: irq-sections.c:53:2: note: 'arm64_enter_nmi()' called here enters NMI context
// CHECK: irq-sections.c:23:2: note: 'msleep()' may sleep here

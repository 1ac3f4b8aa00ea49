// An arm64 synchronous exception taken from kernel mode enters its handler
// with IRQs masked, and the handler restores the interrupted context's DAIF
// flags (local_daif_inherit()) before it handles the fault: what it calls
// then runs with IRQs as the interrupted code had them, which neither the
// handler nor its callers decide. A sleep there is the interrupted code's
// to answer for (a user access under its own IRQs-off region is reported
// there); a sleep before the restore, or after local_daif_mask(), is made
// with IRQs masked. x86's trap handlers do the same with
// cond_local_irq_enable(regs), which enables IRQs `if (regs->flags &
// X86_EFLAGS_IF)` (6.1.170-3 arch/x86/kernel/traps.c, 6.12.117
// asm/traps.h): exc_general_protection()'s UMIP fix-up writes to user
// memory after it.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <asm/daifflags.h>
#include <linux/irqflags.h>
#include <linux/sched.h>

static void do_mem_abort(struct pt_regs *regs)
{
	msleep(1);
}

static void el1_abort(struct pt_regs *regs)
{
	local_daif_inherit(regs);
	do_mem_abort(regs);
	local_daif_mask();
}

void el1h_64_sync_handler(struct pt_regs *regs)
{
	el1_abort(regs);
}

static void el1_dbg(struct pt_regs *regs)
{
	do_mem_abort(regs);
	local_daif_inherit(regs);
	local_daif_mask();
	do_mem_abort(regs);
}
// CHECK: exception-inherit.c:[[@LINE-2]]:2: warning: 'do_mem_abort()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: exception-inherit.c:[[@LINE-4]]:2: note: atomic region begun here by 'local_daif_mask()'
// CHECK: exception-inherit.c:20:2: note: 'msleep()' may sleep here

void el1t_64_sync_handler(struct pt_regs *regs)
{
	el1_dbg(regs);
}
// CHECK: exception-inherit.c:[[@LINE-2]]:2: warning: 'el1_dbg()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: exception-inherit.c:[[@LINE-5]]:6: note: 'el1t_64_sync_handler' is entered from kernel mode by the exception vector, with IRQs masked
// CHECK: exception-inherit.c:[[@LINE-15]]:2: note: 'do_mem_abort()' called here may sleep
// CHECK: exception-inherit.c:20:2: note: 'msleep()' may sleep here

#define X86_EFLAGS_IF 0x200
struct x86_regs { unsigned long flags, cs; };

static inline void cond_local_irq_enable(struct x86_regs *regs)
{
	if (regs->flags & X86_EFLAGS_IF)
		local_irq_enable();
}

static void fixup_umip_exception(struct x86_regs *regs)
{
	msleep(1);
}

void exc_general_protection(struct x86_regs *regs)
{
	cond_local_irq_enable(regs);
	if (regs->cs & 3)
		fixup_umip_exception(regs);
}

void exc_bounds(struct x86_regs *regs)
{
	fixup_umip_exception(regs);
	cond_local_irq_enable(regs);
}
// CHECK: exception-inherit.c:[[@LINE-3]]:2: warning: 'fixup_umip_exception()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: exception-inherit.c:[[@LINE-6]]:6: note: 'exc_bounds' is entered by the CPU through an interrupt gate, with IRQs disabled
// CHECK: exception-inherit.c:66:2: note: 'msleep()' may sleep here

// An arm64 synchronous exception taken from kernel mode enters its handler
// with IRQs masked, and the handler restores the interrupted context's DAIF
// flags (local_daif_inherit()) before it handles the fault: what it calls
// then runs with IRQs as the interrupted code had them, which neither the
// handler nor its callers decide. A sleep there is the interrupted code's
// to answer for (a user access under its own IRQs-off region is reported
// there); a sleep before the restore, or after local_daif_mask(), is made
// with IRQs masked.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <asm/daifflags.h>
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
// CHECK: exception-inherit.c:15:2: note: 'msleep()' may sleep here

void el1t_64_sync_handler(struct pt_regs *regs)
{
	el1_dbg(regs);
}
// CHECK: exception-inherit.c:[[@LINE-2]]:2: warning: 'el1_dbg()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: exception-inherit.c:[[@LINE-5]]:6: note: 'el1t_64_sync_handler' is entered from kernel mode by the exception vector, with IRQs masked
// CHECK: exception-inherit.c:[[@LINE-15]]:2: note: 'do_mem_abort()' called here may sleep
// CHECK: exception-inherit.c:15:2: note: 'msleep()' may sleep here

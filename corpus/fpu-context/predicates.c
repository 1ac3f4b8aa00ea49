// Context predicates narrow the kind on their branches: a helper called from
// a hard IRQ handler and an NMI handler begins a section only where
// in_hardirq() and in_nmi() said no, or where in_task() said yes. The
// branch where in_nmi() said yes is reported, with the NMI's chain.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <asm/nmi.h>
#include <linux/context.h>
#include <linux/interrupt.h>

static void filter(void)
{
	if (in_hardirq() || in_nmi())
		return;
	kernel_fpu_begin();
	kernel_fpu_end();
}

static void task_only(void)
{
	if (in_task()) {
		kernel_fpu_begin();
		kernel_fpu_end();
	}
}

static void nmi_only(void)
{
	if (in_nmi()) {
		kernel_fpu_begin();
		kernel_fpu_end();
	}
}

static irqreturn_t my_irq(int irq, void *dev)
{
	filter();
	task_only();
	nmi_only();
	return 0;
}

static int my_nmi(unsigned int type, struct pt_regs *regs)
{
	filter();
	task_only();
	nmi_only();
	return 0;
}

int setup(void)
{
	register_nmi_handler(0, my_nmi, 0, "mine");
	return request_irq(1, my_irq, 0, "mine", 0);
}

// CHECK: predicates.c:30:3: warning: 'kernel_fpu_begin()' where the context may be an NMI; kernel FPU/SIMD use is never allowed there [fpu-context]
// CHECK: predicates.c:53:2: note: 'my_nmi' is an NMI handler: runs in NMI context
// CHECK: predicates.c:47:2: note: 'nmi_only' called here

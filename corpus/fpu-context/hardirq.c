// kernel_fpu_begin() in a hard IRQ handler with no irq_fpu_usable() check on
// the path: the interrupted code may own the FPU registers (6.1 and 6.12's
// kernel_fpu_begin_mask() WARN on it). The note says why the context is a
// hard IRQ: the handler's registration.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <linux/interrupt.h>

static irqreturn_t my_irq(int irq, void *dev)
{
	kernel_fpu_begin();
	kernel_fpu_end();
	return 0;
}

int setup(void)
{
	return request_irq(1, my_irq, 0, "mine", 0);
}

// CHECK: hardirq.c:11:2: warning: 'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: hardirq.c:18:24: note: 'my_irq' is a hard IRQ handler: IRQs disabled

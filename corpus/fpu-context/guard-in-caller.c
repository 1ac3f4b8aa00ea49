// A guard in a caller covers its callees: the handler tests irq_fpu_usable()
// and calls a helper that begins the section. The same helper called from
// another handler without the check is reported, with the call in the chain.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <linux/interrupt.h>

static void mix(void)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

static irqreturn_t checked(int irq, void *dev)
{
	if (irq_fpu_usable())
		mix();
	return 0;
}

static irqreturn_t unchecked(int irq, void *dev)
{
	mix();
	return 0;
}

int setup(void)
{
	return request_irq(1, checked, 0, "a", 0) + request_irq(2, unchecked, 0, "b", 0);
}

// CHECK: guard-in-caller.c:10:2: warning: 'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: guard-in-caller.c:29:61: note: 'unchecked' is a hard IRQ handler: IRQs disabled
// CHECK: guard-in-caller.c:23:2: note: 'mix' called here

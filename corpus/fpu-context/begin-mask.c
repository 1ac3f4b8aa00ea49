// kernel_fpu_begin_mask() is watched like kernel_fpu_begin(); the call of
// it inside kernel_fpu_begin()'s own body (asm/fpu/api.h) is the caller's
// section, reported once, at the caller.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <linux/interrupt.h>

static irqreturn_t with_387(int irq, void *dev)
{
	kernel_fpu_begin_mask(KFPU_387 | KFPU_MXCSR);
	kernel_fpu_end();
	kernel_fpu_begin();
	kernel_fpu_end();
	return 0;
}

int setup(void)
{
	return request_irq(1, with_387, 0, "mine", 0);
}

// CHECK: begin-mask.c:10:2: warning: 'kernel_fpu_begin_mask()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: begin-mask.c:19:24: note: 'with_387' is a hard IRQ handler: IRQs disabled
// CHECK: begin-mask.c:12:2: warning: 'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: begin-mask.c:19:24: note: 'with_387' is a hard IRQ handler: IRQs disabled

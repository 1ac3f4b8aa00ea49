// arm64: kernel_neon_begin() BUG()s unless may_use_simd(), false in hard
// IRQ and NMI (6.1 and 6.12). The EL1 IRQ vector may be either (pseudo-NMI);
// a device's IRQ handler is a hard IRQ; may_use_simd() on the path is enough.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/arm64 | FileCheck %s %strict
#include <asm/neon.h>
#include <asm/simd.h>
#include <linux/interrupt.h>
struct pt_regs;

void el1h_64_irq_handler(struct pt_regs *regs)
{
	kernel_neon_begin();
	kernel_neon_end();
}

static irqreturn_t my_irq(int irq, void *dev)
{
	kernel_neon_begin();
	kernel_neon_end();
	return 0;
}

static irqreturn_t my_guarded_irq(int irq, void *dev)
{
	if (may_use_simd()) {
		kernel_neon_begin();
		kernel_neon_end();
	}
	return 0;
}

int setup(void)
{
	return request_irq(1, my_irq, 0, "a", 0) + request_irq(2, my_guarded_irq, 0, "b", 0);
}

// CHECK: neon-hardirq.c:12:2: warning: 'kernel_neon_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: neon-hardirq.c:10:6: note: 'el1h_64_irq_handler' is entered from kernel mode by the exception vector, with IRQs masked
// CHECK: neon-hardirq.c:18:2: warning: 'kernel_neon_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: neon-hardirq.c:34:24: note: 'my_irq' is a hard IRQ handler: IRQs disabled

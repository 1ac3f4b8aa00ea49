// The same handler with the guard the kernel documents (asm/fpu/api.h: "If
// you intend to use the FPU in irq/softirq you need to check first with
// irq_fpu_usable()"), tested directly, negated, through may_use_simd() or
// kept in a variable: nothing to report.
// RUN: %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | count 0
// RUN: %kharden check --stats --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
#include <asm/simd.h>
#include <linux/interrupt.h>

static irqreturn_t direct(int irq, void *dev)
{
	if (irq_fpu_usable()) {
		kernel_fpu_begin();
		kernel_fpu_end();
	}
	return 0;
}

static irqreturn_t negated(int irq, void *dev)
{
	if (!may_use_simd())
		return 1;
	kernel_fpu_begin();
	kernel_fpu_end();
	return 0;
}

static irqreturn_t kept(int irq, void *dev)
{
	bool usable = irq_fpu_usable();

	if (!usable)
		return 1;
	kernel_fpu_begin_mask(KFPU_387);
	kernel_fpu_end();
	return 0;
}

int setup(void)
{
	return request_irq(1, direct, 0, "a", 0) + request_irq(2, negated, 0, "b", 0) +
	       request_irq(3, kept, 0, "c", 0);
}

// STATS: kharden: stats: fpu-context: 3 kernel FPU/SIMD sections begun (kernel_fpu_begin() 2, kernel_fpu_begin_mask() 1): 3 in a known kind of context (task 0, softirq 0, hardirq 3, nmi 0), 0 in none known; 3 after a usability check, 3 with IRQs off

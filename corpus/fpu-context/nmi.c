// In NMI context kernel FPU use is never allowed: irq_fpu_usable() WARNs
// and says no there, so even a guarded use is reported.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <asm/nmi.h>

static int my_nmi(unsigned int type, struct pt_regs *regs)
{
	if (irq_fpu_usable()) {
		kernel_fpu_begin();
		kernel_fpu_end();
	}
	return 0;
}

void setup(void)
{
	register_nmi_handler(0, my_nmi, 0, "mine");
}

// CHECK: nmi.c:10:3: warning: 'kernel_fpu_begin()' where the context may be an NMI; kernel FPU/SIMD use is never allowed there [fpu-context]
// CHECK: nmi.c:18:2: note: 'my_nmi' is an NMI handler: runs in NMI context

// x86 IDT entries: a system vector is a hard IRQ, the NMI vector an NMI,
// an exception whatever it interrupted (no kind: not reported).
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
struct pt_regs;

void sysvec_my_vector(struct pt_regs *regs)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

void exc_nmi(struct pt_regs *regs)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

void exc_page_fault(struct pt_regs *regs, unsigned long error_code)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

// CHECK: vectors.c:9:2: warning: 'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: vectors.c:7:6: note: 'sysvec_my_vector' is entered by the CPU through an interrupt gate, with IRQs disabled
// CHECK: vectors.c:15:2: warning: 'kernel_fpu_begin()' where the context may be an NMI; kernel FPU/SIMD use is never allowed there [fpu-context]
// CHECK: vectors.c:13:6: note: 'exc_nmi' is entered by the CPU through an interrupt gate, with IRQs disabled

// arm64's may_use_simd() is false with IRQs disabled: kernel_neon_begin()
// under local_irq_save() in a system call is reported (x86's
// irq_fpu_usable() does not look at IRQs: no x86 rule says so). A nested
// NEON section is reported too.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/arm64 | FileCheck %s %strict
#include <asm/neon.h>
#include <linux/irqflags.h>
#include <linux/syscalls.h>

SYSCALL_DEFINE0(neon_irqs_off)
{
	unsigned long flags;

	local_irq_save(flags);
	kernel_neon_begin();
	kernel_neon_end();
	local_irq_restore(flags);
	return 0;
}

SYSCALL_DEFINE0(neon_nested)
{
	kernel_neon_begin();
	kernel_neon_begin();
	kernel_neon_end();
	kernel_neon_end();
	return 0;
}

SYSCALL_DEFINE0(neon_fine)
{
	kernel_neon_begin();
	kernel_neon_end();
	return 0;
}

// CHECK: neon-irqs-off.c:15:2: warning: 'kernel_neon_begin()' with IRQs disabled and no may_use_simd() check on the path; the FPU/SIMD registers may not be used there [fpu-context]
// CHECK: neon-irqs-off.c:10:1: note: '__do_sys_neon_irqs_off' is a system call body: task context, preemptible
// CHECK: neon-irqs-off.c:24:2: warning: 'kernel_neon_begin()' inside a kernel FPU/SIMD section already begun; sections do not nest [fpu-context]
// CHECK: neon-irqs-off.c:21:1: note: '__do_sys_neon_nested' is a system call body: task context, preemptible
// CHECK: neon-irqs-off.c:23:2: note: kernel FPU/SIMD section begun here by 'kernel_neon_begin()'

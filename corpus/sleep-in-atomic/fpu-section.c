// A kernel FPU section runs with preemption disabled: nothing in it may
// sleep, also through a callee.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/sleeping.h>

static void *scratch(void)
{
	return kmalloc(64, GFP_KERNEL);
}

void checksum(void)
{
	kernel_fpu_begin();
	scratch();
	kernel_fpu_end();
}
// CHECK: fpu-section.c:14:2: warning: 'scratch()' may sleep, called inside a kernel FPU/SIMD section, which runs with preemption disabled [sleep-in-atomic]
// CHECK: fpu-section.c:13:2: note: kernel FPU/SIMD section begun here by 'kernel_fpu_begin()'
// CHECK: fpu-section.c:8:9: note: 'kmalloc()' may sleep here

// A section begun inside another (6.1 and 6.12 WARN on in_kernel_fpu):
// reported with a note where the outer one began. A section after the
// first one ended is fine.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <linux/syscalls.h>

SYSCALL_DEFINE0(twice)
{
	kernel_fpu_begin();
	kernel_fpu_begin();
	kernel_fpu_end();
	kernel_fpu_end();
	return 0;
}

SYSCALL_DEFINE0(one_after_another)
{
	kernel_fpu_begin();
	kernel_fpu_end();
	kernel_fpu_begin();
	kernel_fpu_end();
	return 0;
}

// CHECK: nested.c:11:2: warning: 'kernel_fpu_begin()' inside a kernel FPU/SIMD section already begun; sections do not nest [fpu-context]
// CHECK: nested.c:8:1: note: '__do_sys_twice' is a system call body: task context, preemptible
// CHECK: nested.c:10:2: note: kernel FPU/SIMD section begun here by 'kernel_fpu_begin()'

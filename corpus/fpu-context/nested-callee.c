// A section begun in a callee while its caller holds one: the chain says
// where the caller began its section and where it called the callee.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <linux/syscalls.h>

static void transform(void)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

SYSCALL_DEFINE0(hash)
{
	kernel_fpu_begin();
	transform();
	kernel_fpu_end();
	transform();
	return 0;
}

// CHECK: nested-callee.c:9:2: warning: 'kernel_fpu_begin()' inside a kernel FPU/SIMD section already begun; sections do not nest [fpu-context]
// CHECK: nested-callee.c:13:1: note: '__do_sys_hash' is a system call body: task context, preemptible
// CHECK: nested-callee.c:15:2: note: kernel FPU/SIMD section begun here by 'kernel_fpu_begin()'
// CHECK: nested-callee.c:16:2: note: 'transform' called here

// x86 (v5.13 .. early 2026): consumed at syscall entry with IRQs disabled,
// refilled in arch_exit_to_user_mode_prepare() with IRQs disabled on every
// return to user mode (syscall exit and interrupt return).
// RUN: not %kharden check --checks=split-percpu-handoff --min-severity=note %s -- %kflags | FileCheck %s %strict
#include <linux/entry-common.h>

long dispatch(long nr);

void do_syscall_64(void *regs, long nr)
{
	add_random_kstack_offset();
	local_irq_enable();
	dispatch(nr);
	syscall_exit_to_user_mode(regs);
}

void irqentry_exit(void *regs)
{
	irqentry_exit_to_user_mode(regs);
}
// CHECK: x86-every-return.c:[[@LINE-10]]:2: note: per-CPU 'kstack_offset' is consumed here with IRQs disabled and refilled in another atomic region with IRQs disabled; the atomicity model proves every consumed value fresh [split-percpu-handoff]
// CHECK: {{.*}}linux/randomize_kstack.h:9:16: note: expanded from macro 'add_random_kstack_offset'
// CHECK: x86-every-return.c:[[@LINE-12]]:2: note: the consumed value moves the stack (alloca)
// CHECK: {{.*}}asm/entry-common.h:9:2: note: refilled here by 'raw_cpu_write' in 'arch_exit_to_user_mode_prepare' with IRQs disabled
// CHECK: {{.*}}asm/entry-common.h:7:20: note: 'arch_exit_to_user_mode_prepare' runs on every return to user mode (syscall exit and interrupt return)
// CHECK: {{.*}}asm/entry-common.h:9:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: x86-every-return.c:[[@LINE-16]]:2: note: atomicity model: atomicity.freshness proved for per-cpu storage, consume irqs-off, refill irqs-off at every-return-to-user (inductive invariant of 43 lemmas (Houdini), checked by Z3: proved for executions of every length)

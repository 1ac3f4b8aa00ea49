// Consumed with preemption enabled, refilled under preempt_disable() at
// syscall exit.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, pad);
u32 get_random_u32(void);

SYSCALL_DEFINE0(padded)
{
	u32 n = __this_cpu_read(pad);
	u8 *p = __builtin_alloca(n & 0x1F0);

	asm volatile("" :: "r"(p) : "memory");
	preempt_disable();
	__this_cpu_write(pad, get_random_u32());
	preempt_enable();
	return 0;
}
// CHECK: preempt-off-refill.c:[[@LINE-9]]:10: error: per-CPU 'pad' is consumed here with preemption enabled and refilled in another atomic region with preemption disabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: preempt-off-refill.c:[[@LINE-5]]:2: note: refilled here by '__this_cpu_write' in '__do_sys_padded' with preemption disabled
// CHECK: preempt-off-refill.c:[[@LINE-6]]:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: preempt-off-refill.c:[[@LINE-12]]:10: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume preemptible, refill preempt-off at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: preempt-off-refill.c:[[@LINE-13]]:10: note: step 1: task0 enters a syscall on cpu0
// CHECK: preempt-off-refill.c:[[@LINE-14]]:10: note: step 2: task1 enters a syscall on cpu1
// CHECK: preempt-off-refill.c:[[@LINE-15]]:10: note: step 3: task0 uses cpu0's offset, value 0
// CHECK: preempt-off-refill.c:[[@LINE-16]]:10: note: step 4: task1 is preempted on cpu1, which now runs task2
// CHECK: preempt-off-refill.c:[[@LINE-17]]:10: note: step 5: task0 is preempted on cpu0, which now runs task1
// CHECK: preempt-off-refill.c:[[@LINE-18]]:10: note: step 6: task1 uses cpu0's offset, value 0, which was already used

// Two per-CPU variables: one fused in a region, one split. Exactly one
// finding, for the split one.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, fused_seed);
DEFINE_PER_CPU(u32, split_seed);
u32 get_random_u32(void);

SYSCALL_DEFINE0(both)
{
	u32 a, b;

	preempt_disable();
	a = __this_cpu_read(fused_seed);
	__this_cpu_write(fused_seed, get_random_u32());
	preempt_enable();

	b = __this_cpu_read(split_seed);
	__this_cpu_write(split_seed, get_random_u32());
	return a + b;
}
// CHECK: two-variables.c:[[@LINE-4]]:6: error: per-CPU 'split_seed' is consumed here with preemption enabled and refilled in another atomic region with preemption enabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: two-variables.c:[[@LINE-4]]:2: note: refilled here by '__this_cpu_write' in '__do_sys_both' with preemption enabled
// CHECK: two-variables.c:[[@LINE-5]]:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: two-variables.c:[[@LINE-7]]:6: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume preemptible, refill preemptible at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: two-variables.c:[[@LINE-8]]:6: note: step 1: task0 enters a syscall on cpu0
// CHECK: two-variables.c:[[@LINE-9]]:6: note: step 2: task0 uses cpu0's offset, value 0
// CHECK: two-variables.c:[[@LINE-10]]:6: note: step 3: task1 enters a syscall on cpu1
// CHECK: two-variables.c:[[@LINE-11]]:6: note: step 4: task1 is preempted on cpu1, which now runs task2
// CHECK: two-variables.c:[[@LINE-12]]:6: note: step 5: task0 is preempted on cpu0, which now runs task1
// CHECK: two-variables.c:[[@LINE-13]]:6: note: step 6: task1 uses cpu0's offset, value 0, which was already used

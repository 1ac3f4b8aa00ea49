// A refill that mixes in a timer (rdtsc()) hands off a secret too.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <asm/entry-common.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, jitter);

SYSCALL_DEFINE0(jittery)
{
	u32 j = __this_cpu_read(jitter);

	__this_cpu_write(jitter, (u32)rdtsc());
	return j;
}
// CHECK: timer-source.c:[[@LINE-5]]:10: error: per-CPU 'jitter' is consumed here with preemption enabled and refilled in another atomic region with preemption enabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: timer-source.c:[[@LINE-4]]:2: note: refilled here by '__this_cpu_write' in '__do_sys_jittery' with preemption enabled
// CHECK: timer-source.c:[[@LINE-5]]:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: timer-source.c:[[@LINE-8]]:10: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume preemptible, refill preemptible at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: timer-source.c:[[@LINE-9]]:10: note: step 1: task0 enters a syscall on cpu0
// CHECK: timer-source.c:[[@LINE-10]]:10: note: step 2: task0 uses cpu0's offset, value 0
// CHECK: timer-source.c:[[@LINE-11]]:10: note: step 3: task1 enters a syscall on cpu1
// CHECK: timer-source.c:[[@LINE-12]]:10: note: step 4: task1 is preempted on cpu1, which now runs task2
// CHECK: timer-source.c:[[@LINE-13]]:10: note: step 5: task0 is preempted on cpu0, which now runs task1
// CHECK: timer-source.c:[[@LINE-14]]:10: note: step 6: task1 uses cpu0's offset, value 0, which was already used

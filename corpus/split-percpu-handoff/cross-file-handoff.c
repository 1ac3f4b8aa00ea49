// A cross-file pair: the key is consumed here and refilled in
// Inputs/refill-side.c, both preemptible.
// RUN: not %kharden check --checks=split-percpu-handoff %s %S/Inputs/refill-side.c -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, next_key);

SYSCALL_DEFINE0(use_key)
{
	u32 key = __this_cpu_read(next_key);

	return __builtin_alloca(key & 0xF0) != NULL;
}
// CHECK: cross-file-handoff.c:[[@LINE-4]]:12: error: per-CPU 'next_key' is consumed here with preemption enabled and refilled in another atomic region with preemption enabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: {{.*}}split-percpu-handoff/Inputs/refill-side.c:11:2: note: refilled here by '__this_cpu_write' in 'rotate_key' with preemption enabled
// CHECK: {{.*}}split-percpu-handoff/Inputs/refill-side.c:11:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: cross-file-handoff.c:[[@LINE-7]]:12: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume preemptible, refill preemptible at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: cross-file-handoff.c:[[@LINE-8]]:12: note: step 1: task0 enters a syscall on cpu0
// CHECK: cross-file-handoff.c:[[@LINE-9]]:12: note: step 2: task0 uses cpu0's offset, value 0
// CHECK: cross-file-handoff.c:[[@LINE-10]]:12: note: step 3: task1 enters a syscall on cpu1
// CHECK: cross-file-handoff.c:[[@LINE-11]]:12: note: step 4: task1 is preempted on cpu1, which now runs task2
// CHECK: cross-file-handoff.c:[[@LINE-12]]:12: note: step 5: task0 is preempted on cpu0, which now runs task1
// CHECK: cross-file-handoff.c:[[@LINE-13]]:12: note: step 6: task1 uses cpu0's offset, value 0, which was already used

// A handoff of a value that is neither secret nor fresh (no random source,
// no stack offset) is reported only with ReportAllValues, as a note.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
// RUN: not %kharden check --checks=split-percpu-handoff --min-severity=note --check-option=split-percpu-handoff.ReportAllValues=true %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, last_nr);

SYSCALL_DEFINE1(enter, int, nr)
{
	int prev = __this_cpu_read(last_nr);

	return prev == nr;
}

SYSCALL_DEFINE1(leave, int, nr)
{
	__this_cpu_write(last_nr, nr);
	return 0;
}
// CHECK: plain-value.c:[[@LINE-10]]:13: note: per-CPU 'last_nr' is consumed here with preemption enabled and refilled in another atomic region with preemption enabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: plain-value.c:[[@LINE-4]]:2: note: refilled here by '__this_cpu_write' in '__do_sys_leave' with preemption enabled
// CHECK: plain-value.c:[[@LINE-12]]:13: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume preemptible, refill preemptible at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: plain-value.c:[[@LINE-13]]:13: note: step 1: task0 enters a syscall on cpu0
// CHECK: plain-value.c:[[@LINE-14]]:13: note: step 2: task0 uses cpu0's offset, value 0
// CHECK: plain-value.c:[[@LINE-15]]:13: note: step 3: task1 enters a syscall on cpu1
// CHECK: plain-value.c:[[@LINE-16]]:13: note: step 4: task1 is preempted on cpu1, which now runs task2
// CHECK: plain-value.c:[[@LINE-17]]:13: note: step 5: task0 is preempted on cpu0, which now runs task1
// CHECK: plain-value.c:[[@LINE-18]]:13: note: step 6: task1 uses cpu0's offset, value 0, which was already used

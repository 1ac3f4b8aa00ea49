// arm64 (v5.13 .. early 2026): the stack offset is consumed at syscall entry
// and refilled at syscall exit, both with preemption enabled.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
// RUN: not %kharden check --checks=split-percpu-handoff --format=json %s -- %kflags | FileCheck %s --check-prefix=JSON
// The verdict, structured: the shortest schedule, step by step.
// JSON:      "severity": "error",
// JSON:      "verdict": {
// JSON-NEXT:   "detail": "bounded model checking, iterative deepening: shortest counterexample",
// JSON-NEXT:   "property": "atomicity.freshness",
// JSON-NEXT:   "schedule": [
// JSON:          "event": "syscall-entry",
// JSON:          "event": "consume",
// JSON-NEXT:     "note": "task0 uses cpu0's offset, value 0",
// JSON-NEXT:     "slot_value": 0,
// JSON:          "event": "consume",
// JSON-NEXT:     "note": "task1 uses cpu0's offset, value 0, which was already used",
// JSON-NEXT:     "slot_value": 0,
// JSON-NEXT:     "task": "task1"
// JSON-NEXT:   }
// JSON-NEXT: ],
// JSON-NEXT: "scheme": "per-cpu storage, consume preemptible, refill preemptible at syscall-exit",
// JSON-NEXT: "status": "refuted"
#include <asm/daifflags.h>
#include <linux/randomize_kstack.h>

long dispatch(unsigned int scno);

static void invoke_syscall(unsigned int scno)
{
	add_random_kstack_offset();
	dispatch(scno);
	choose_random_kstack_offset(get_random_u16());
}

void el0t_64_sync_handler(unsigned int scno)
{
	local_daif_restore(DAIF_PROCCTX);
	invoke_syscall(scno);
}
// CHECK: arm64-both-preemptible.c:[[@LINE-10]]:2: error: per-CPU 'kstack_offset' is consumed here with preemption enabled and refilled in another atomic region with preemption enabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: {{.*}}linux/randomize_kstack.h:9:16: note: expanded from macro 'add_random_kstack_offset'
// CHECK: arm64-both-preemptible.c:[[@LINE-12]]:2: note: the consumed value moves the stack (alloca)
// CHECK: arm64-both-preemptible.c:[[@LINE-11]]:2: note: refilled here by 'raw_cpu_write' in 'invoke_syscall' with preemption enabled
// CHECK: arm64-both-preemptible.c:[[@LINE-12]]:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: arm64-both-preemptible.c:[[@LINE-15]]:2: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume preemptible, refill preemptible at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: arm64-both-preemptible.c:[[@LINE-16]]:2: note: step 1: task0 enters a syscall on cpu0
// CHECK: arm64-both-preemptible.c:[[@LINE-17]]:2: note: step 2: task0 uses cpu0's offset, value 0
// CHECK: arm64-both-preemptible.c:[[@LINE-18]]:2: note: step 3: task1 enters a syscall on cpu1
// CHECK: arm64-both-preemptible.c:[[@LINE-19]]:2: note: step 4: task1 is preempted on cpu1, which now runs task2
// CHECK: arm64-both-preemptible.c:[[@LINE-20]]:2: note: step 5: task0 is preempted on cpu0, which now runs task1
// CHECK: arm64-both-preemptible.c:[[@LINE-21]]:2: note: step 6: task1 uses cpu0's offset, value 0, which was already used

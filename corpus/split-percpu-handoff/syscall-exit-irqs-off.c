// Both sides with IRQs disabled, but the refill runs only at syscall exit:
// a CPU can reach user mode again (an interrupt return) without a refill.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/randomize_kstack.h>

long dispatch(long nr);

static void refill_at_syscall_exit(void)
{
	choose_random_kstack_offset(get_random_u16());
}

void do_syscall_64(long nr)
{
	add_random_kstack_offset();
	local_irq_enable();
	dispatch(nr);
	local_irq_disable();
	refill_at_syscall_exit();
}
// CHECK: syscall-exit-irqs-off.c:[[@LINE-6]]:2: error: per-CPU 'kstack_offset' is consumed here with IRQs disabled and refilled in another atomic region with IRQs disabled; a task that migrates in between lets a CPU consume the same value twice [split-percpu-handoff]
// CHECK: {{.*}}linux/randomize_kstack.h:9:16: note: expanded from macro 'add_random_kstack_offset'
// CHECK: syscall-exit-irqs-off.c:[[@LINE-8]]:2: note: the consumed value moves the stack (alloca)
// CHECK: syscall-exit-irqs-off.c:[[@LINE-14]]:2: note: refilled here by 'raw_cpu_write' in 'refill_at_syscall_exit' with IRQs disabled
// CHECK: syscall-exit-irqs-off.c:[[@LINE-15]]:2: note: the refill mixes in a random or timer source: the value is secret
// CHECK: syscall-exit-irqs-off.c:[[@LINE-11]]:2: note: atomicity model: atomicity.freshness refuted for per-cpu storage, consume irqs-off, refill irqs-off at syscall-exit (bounded model checking, iterative deepening: shortest counterexample)
// CHECK: syscall-exit-irqs-off.c:[[@LINE-12]]:2: note: step 1: task0 enters a syscall on cpu0; task0 uses cpu0's offset, value 0
// CHECK: syscall-exit-irqs-off.c:[[@LINE-13]]:2: note: step 2: task0 is preempted on cpu0, which now runs task2
// CHECK: syscall-exit-irqs-off.c:[[@LINE-14]]:2: note: step 3: task2 returns from an interrupt to user mode on cpu0
// CHECK: syscall-exit-irqs-off.c:[[@LINE-15]]:2: note: step 4: task2 enters a syscall on cpu0; task2 uses cpu0's offset, value 0, which was already used

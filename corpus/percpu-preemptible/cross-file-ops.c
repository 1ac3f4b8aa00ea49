// A call through a function pointer takes the exits of the targets other
// files define, as a direct call does: 6.1's native_machine_halt() (arch/
// x86/kernel/reboot.c) calls machine_ops.shutdown(), which x86 points at
// native_machine_shutdown(), which disables IRQs, before stop_this_cpu()
// (arch/x86/kernel/process.c) writes this CPU's state. Every function the
// run stores in 'struct machine_ops.shutdown' disables IRQs, so the write
// after the call is not reported; one of 'restart''s targets changes
// nothing, so the write after that call is.
// RUN: not %kharden check --checks=percpu-preemptible --stats %s %S/Inputs/cross-file-ops.c -- %kflags 2>%t.err | FileCheck %s %strict
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: kharden: stats: 2 translation units: 2 analysed, 0 reused (no database); 1 again with the exits of 2 functions in other files (rounds of 1)
// Each file alone, the calls change nothing: both writes are reported.
// RUN: not %kharden check --checks=percpu-preemptible --cross-file-effects=false %s %S/Inputs/cross-file-ops.c -- %kflags | FileCheck %s --check-prefixes=CHECK,ALONE %strict
// A slot holding more targets than the run joins imports none.
// RUN: not %kharden check --checks=percpu-preemptible --max-indirect-targets=0 --stats %s %S/Inputs/cross-file-ops.c -- %kflags 2>%t.capped | FileCheck %s --check-prefixes=CHECK,ALONE %strict
// RUN: FileCheck %s --check-prefix=CAPPED < %t.capped
// CAPPED: kharden: stats: 2 translation units: 2 analysed, 0 reused (no database){{$}}
#include <linux/percpu.h>
#include <linux/syscalls.h>
#include "Inputs/cross-file-ops.h"

DEFINE_PER_CPU(int, cpu_state);

SYSCALL_DEFINE0(halt)
{
	machine_ops.shutdown();
	raw_cpu_write(cpu_state, 1);
	// ALONE: cross-file-ops.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(cpu_state)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// ALONE: cross-file-ops.c:[[@LINE-5]]:1: note: '__do_sys_halt' is a system call body: task context, preemptible
	return 0;
}

SYSCALL_DEFINE0(restart)
{
	machine_ops.restart();
	raw_cpu_write(cpu_state, 2);
	// CHECK: cross-file-ops.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(cpu_state)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: cross-file-ops.c:[[@LINE-5]]:1: note: '__do_sys_restart' is a system call body: task context, preemptible
	return 0;
}

/* 'cpu_state' is read for a decision: a write of it is of unknown
 * consequence. */
int cpu_state_now(void)
{
	return raw_cpu_read(cpu_state);
}

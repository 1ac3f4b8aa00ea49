// Two call levels, and a caller that disables preemption around the chain.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, flag);

static void leaf(void)
{
	__this_cpu_write(flag, 1);
	// CHECK: call-chain-2.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(flag)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: call-chain-2.c:[[@LINE+10]]:1: note: '__do_sys_set_flag' is a system call body: task context, preemptible
	// CHECK: call-chain-2.c:[[@LINE+14]]:2: note: 'middle' called here
	// CHECK: call-chain-2.c:[[@LINE+5]]:2: note: 'leaf' called here
}

static void middle(void)
{
	leaf();
}

SYSCALL_DEFINE0(set_flag)
{
	preempt_disable();
	middle();
	preempt_enable();
	middle();
	return 0;
}

/* Something reads 'flag' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int flag_decides(void)
{
	return raw_cpu_read(flag);
}

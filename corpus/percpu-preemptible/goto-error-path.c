// goto error paths: the unlock label is reached with preemption disabled on
// every path; the second function jumps past its preempt_disable().
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, state);

SYSCALL_DEFINE1(update, int, v)
{
	preempt_disable();
	if (v < 0)
		goto out;
	__this_cpu_write(state, v);
out:
	preempt_enable();
	return 0;
}

SYSCALL_DEFINE1(update_buggy, int, v)
{
	if (v < 0)
		goto write;
	preempt_disable();
write:
	__this_cpu_write(state, v);
	// CHECK: goto-error-path.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(state)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: goto-error-path.c:[[@LINE-8]]:1: note: '__do_sys_update_buggy' is a system call body: task context, preemptible
	if (v >= 0)
		preempt_enable();
	return 0;
}

/* Something reads 'state' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int state_decides(void)
{
	return raw_cpu_read(state);
}

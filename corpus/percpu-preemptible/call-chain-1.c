// One call level: the helper inherits the syscall's context.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, last_nr);

static void note_nr(int nr)
{
	raw_cpu_write(last_nr, nr);
	// CHECK: call-chain-1.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(last_nr)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: call-chain-1.c:[[@LINE+4]]:1: note: '__do_sys_trace' is a system call body: task context, preemptible
	// CHECK: call-chain-1.c:[[@LINE+5]]:2: note: 'note_nr' called here
}

SYSCALL_DEFINE1(trace, int, nr)
{
	note_nr(nr);
	return 0;
}

/* Something reads 'last_nr' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int last_nr_decides(void)
{
	return raw_cpu_read(last_nr);
}

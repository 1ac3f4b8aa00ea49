// A function entered in more contexts than --max-entry-contexts takes the
// further ones without the values its callers pass (engine/Program.cpp,
// widenEntry()): past the bound, a caller's constant no longer rules out
// the path it rules out below it. stamp() writes only where its caller
// says it holds preemption off; the second system call's context, past a
// bound of one, reaches the write.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
// RUN: not %kharden check --checks=percpu-preemptible %s --max-entry-contexts=1 --stats -- %kflags 2>%t.err | FileCheck %s %strict
// RUN: FileCheck %s --check-prefix=STATS < %t.err
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, expire);

static void stamp(int locked)
{
	if (locked)
		__this_cpu_write(expire, 3);
	// CHECK: entry-contexts-bound.c:[[@LINE-1]]:3: warning: per-CPU write '__this_cpu_write(expire)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: entry-contexts-bound.c:[[@LINE+12]]:1: note: '__do_sys_plain_stamp' is a system call body: task context, preemptible
	// CHECK: entry-contexts-bound.c:[[@LINE+13]]:2: note: 'stamp' called here
}

SYSCALL_DEFINE0(locked_stamp)
{
	preempt_disable();
	stamp(1);
	preempt_enable();
	return 0;
}

SYSCALL_DEFINE0(plain_stamp)
{
	stamp(0);
	return 0;
}

/* Something reads 'expire' for a decision, so the write is of consequence
 * unknown (a warning), not a lost update. Nothing calls it: not reported. */
int expired(void)
{
	return raw_cpu_read(expire);
}
// STATS: kharden: stats: entry contexts: 1 function took further contexts joined, past 1 each (--max-entry-contexts)

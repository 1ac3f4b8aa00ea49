// A context predicate whose expansion holds no call, tested under `!`: the
// CFG keeps only the `!` as an element, none inside the expansion, so the
// predicate's branch facts go with the condition (engine/FunctionEvents.cpp,
// classifyTestedMacro()). Its false branch is preemption disabled; its
// true branch says nothing.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

extern int __preempt_count;
#define in_atomic_preempt_off() (__preempt_count != 1)

DEFINE_PER_CPU(int, hits);

int hits_seen(void)
{
	if (__this_cpu_read(hits))
		return 1;
	return 0;
}

SYSCALL_DEFINE0(negated)
{
	if (!in_atomic_preempt_off())
		__this_cpu_write(hits, 1);
	return 0;
}

SYSCALL_DEFINE0(plain)
{
	if (in_atomic_preempt_off())
		__this_cpu_write(hits, 2);
	// CHECK: predicate-without-call.c:[[@LINE-1]]:3: warning: per-CPU write '__this_cpu_write(hits)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: predicate-without-call.c:[[@LINE-5]]:1: note: '__do_sys_plain' is a system call body: task context, preemptible
	return 0;
}

// A call through a pointer whose targets in the file are one that disables
// preemption and one that changes nothing: the path through the second
// stays preemptible. The run stores no other function in the slot, so the
// path "elsewhere" (a target the file does not have) is ruled out; the
// target that changes nothing must not be counted as one whose exits the
// call takes, or its path is ruled out with it.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, owner);

struct enter_ops {
	void (*enter)(void);
};

static void enter_nothing(void)
{
}

static void enter_atomic(void)
{
	preempt_disable();
}

static const struct enter_ops plain = { enter_nothing };
static const struct enter_ops atomic = { enter_atomic };

SYSCALL_DEFINE2(own, const struct enter_ops *, ops, int, cpu)
{
	ops->enter();
	raw_cpu_write(owner, cpu);
	// CHECK: indirect-no-effect-target.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: indirect-no-effect-target.c:[[@LINE-5]]:1: note: '__do_sys_own' is a system call body: task context, preemptible
	return 0;
}

/* 'owner' is read for a decision: a write of it is of unknown consequence. */
int owner_here(void)
{
	return raw_cpu_read(owner);
}

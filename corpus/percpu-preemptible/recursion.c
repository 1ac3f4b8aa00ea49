// Recursion and mutual recursion terminate; the context still flows in.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, visits);

static int ping(int n);

static int pong(int n)
{
	return n ? ping(n - 1) : __this_cpu_read(visits);
	// CHECK: recursion.c:[[@LINE-1]]:27: warning: per-CPU read '__this_cpu_read(visits)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: recursion.c:[[@LINE+10]]:1: note: '__do_sys_walk' is a system call body: task context, preemptible
	// CHECK: recursion.c:[[@LINE+11]]:9: note: 'ping' called here
	// CHECK: recursion.c:[[@LINE+5]]:9: note: 'pong' called here
}

static int ping(int n)
{
	return pong(n) + (n > 1 ? ping(n / 2) : 0);
}

SYSCALL_DEFINE1(walk, int, n)
{
	return ping(n);
}

// A raw_cpu_read() in a system call body: task context, preemptible.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, last_caller);

SYSCALL_DEFINE1(peek, int, x)
{
	return raw_cpu_read(last_caller) + x;
	// CHECK: syscall-raw-read.c:[[@LINE-1]]:9: warning: per-CPU read 'raw_cpu_read(last_caller)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: syscall-raw-read.c:[[@LINE-4]]:1: note: '__do_sys_peek' is a system call body: task context, preemptible
}

// A chain across two files: the syscall here calls audit_log(), defined in
// Inputs/cross-file-callee.c. Analysed together, the context crosses files;
// the callee file alone has nothing to report (its callers are unknown).
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/cross-file-callee.c -- %kflags | FileCheck %s %strict
// RUN: %kharden check --checks=percpu-preemptible %S/Inputs/cross-file-callee.c -- %kflags | count 0
#include <linux/syscalls.h>

void audit_log(int what);

SYSCALL_DEFINE1(audit, int, what)
{
	audit_log(what);
	return 0;
}
// CHECK: cross-file-callee.c:8:2: warning: per-CPU write '__this_cpu_write(audit_seq)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
// CHECK: cross-file-caller.c:[[@LINE-6]]:1: note: '__do_sys_audit' is a system call body: task context, preemptible
// CHECK: cross-file-caller.c:[[@LINE-5]]:2: note: 'audit_log' called here

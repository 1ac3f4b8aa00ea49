// raw_cpu_ptr()/this_cpu_ptr() are reported where the pointer is used to
// reach the data (dereferenced or kept), not where it is only passed on.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct counters { long a, b; };
DEFINE_PER_CPU(struct counters, ctrs);
DEFINE_PER_CPU(long, plain);
void consume(struct counters *c);

SYSCALL_DEFINE0(ptrs)
{
	struct counters *c;

	*raw_cpu_ptr(&plain) = 0;
	// CHECK: percpu-pointer.c:[[@LINE-1]]:3: warning: per-CPU pointer 'raw_cpu_ptr(&plain)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible]
	// CHECK: percpu-pointer.c:[[@LINE-6]]:1: note: '__do_sys_ptrs' is a system call body: task context, preemptible
	this_cpu_ptr(&ctrs)->a++;
	// CHECK: percpu-pointer.c:[[@LINE-1]]:2: warning: per-CPU pointer 'this_cpu_ptr(&ctrs)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible]
	// CHECK: percpu-pointer.c:[[@LINE-9]]:1: note: '__do_sys_ptrs' is a system call body: task context, preemptible
	c = this_cpu_ptr(&ctrs);
	// CHECK: percpu-pointer.c:[[@LINE-1]]:6: warning: per-CPU pointer 'this_cpu_ptr(&ctrs)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible]
	// CHECK: percpu-pointer.c:[[@LINE-12]]:1: note: '__do_sys_ptrs' is a system call body: task context, preemptible
	c->b++;
	consume(this_cpu_ptr(&ctrs));
	return 0;
}

// get_cpu_ptr()'s pointer used after put_cpu_ptr().
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct pool { int free; int used; };
DEFINE_PER_CPU(struct pool, pools);

SYSCALL_DEFINE0(take)
{
	struct pool *p = get_cpu_ptr(&pools);

	p->free--;
	put_cpu_ptr(&pools);
	p->used++;
	return 0;
}
// CHECK: pointer-after-put-cpu-ptr.c:15:2: warning: per-CPU pointer from 'get_cpu_ptr(&pools)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: pointer-after-put-cpu-ptr.c:11:19: note: per-CPU pointer made here by 'get_cpu_ptr(&pools)'
// CHECK: pointer-after-put-cpu-ptr.c:14:2: note: preemption enabled here by 'put_cpu_ptr(&pools)'
// CHECK: pointer-after-put-cpu-ptr.c:9:1: note: '__do_sys_take' is a system call body: task context, preemptible

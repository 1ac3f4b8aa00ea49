// A per-CPU buffer used after put_callchain_entry() gave its recursion
// slot back: a task that preempts this one takes the same buffer. Migration
// being disabled does not help (the BPF case).
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/preempt.h>
#include <linux/syscalls.h>
#include <callchain.h>

u64 save_stack(u64 *ips, u32 max);

SYSCALL_DEFINE0(stack_depth)
{
	struct perf_callchain_entry *entry;
	int rctx;
	u64 depth;

	migrate_disable();
	entry = get_callchain_entry(&rctx);
	if (!entry) {
		migrate_enable();
		return 0;
	}
	entry->nr = save_stack(entry->ip, 8);
	put_callchain_entry(rctx);
	depth = entry->nr;
	migrate_enable();
	return depth;
}
// CHECK: buffer-after-put.c:25:10: warning: per-CPU buffer from 'get_callchain_entry(&rctx)' used after its region has ended, where preemption is enabled; another task on this CPU may take the same buffer [percpu-escape]
// CHECK: buffer-after-put.c:18:10: note: per-CPU buffer taken here by 'get_callchain_entry(&rctx)'
// CHECK: buffer-after-put.c:24:2: note: its region ended here
// CHECK: buffer-after-put.c:11:1: note: '__do_sys_stack_depth' is a system call body: task context, preemptible

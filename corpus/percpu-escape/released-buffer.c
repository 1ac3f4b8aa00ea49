// get_perf_callchain() returns its entry after put_callchain_entry(): only
// preemption off keeps it this task's. 6.1.170's __bpf_get_stack() in
// short: the entry comes from one of three places, its ips are copied out
// through a local, with migration disabled but preemption on.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/preempt.h>
#include <linux/syscalls.h>
#include <callchain.h>

static struct perf_callchain_entry *
entry_for_task(u32 max_depth)
{
	struct perf_callchain_entry *entry;
	int rctx;

	entry = get_callchain_entry(&rctx);
	if (!entry)
		return NULL;
	entry->nr = 0;
	put_callchain_entry(rctx);
	return entry;
}

static long get_stack(struct pt_regs *regs, struct perf_callchain_entry *trace_in,
		      void *buf, u32 skip, bool task)
{
	struct perf_callchain_entry *trace;
	u64 *ips;

	if (trace_in)
		trace = trace_in;
	else if (task)
		trace = entry_for_task(8);
	else
		trace = get_perf_callchain(regs, 0, true, false, 8, false, false);
	if (!trace)
		return -14;
	if (trace->nr < skip)
		return -14;
	ips = trace->ip + skip;
	memcpy(buf, ips, 8);
	return 0;
}

SYSCALL_DEFINE0(get_stack)
{
	u64 buf[8];
	long ret;

	migrate_disable();
	ret = get_stack(NULL, NULL, buf, 0, false);
	ret += get_stack(NULL, NULL, buf, 1, true);
	migrate_enable();
	return ret;
}
// CHECK: released-buffer.c:38:6: warning: per-CPU buffer from 'get_callchain_entry(&rctx)' used after its region has ended, where preemption is enabled; another task on this CPU may take the same buffer [percpu-escape]
// CHECK: released-buffer.c:16:10: note: per-CPU buffer taken here by 'get_callchain_entry(&rctx)'
// CHECK: released-buffer.c:21:2: note: returned here by 'entry_for_task()'
// CHECK: released-buffer.c:20:2: note: its region ended here
// CHECK: released-buffer.c:45:1: note: '__do_sys_get_stack' is a system call body: task context, preemptible
// CHECK: released-buffer.c:51:8: note: 'get_stack' called here
// CHECK: released-buffer.c:38:6: warning: per-CPU buffer from 'get_perf_callchain(regs)' used after its region has ended, where preemption is enabled; another task on this CPU may take the same buffer [percpu-escape]
// CHECK: released-buffer.c:35:11: note: per-CPU buffer returned here by 'get_perf_callchain(regs)', whose region has ended: only preemption off keeps it this task's
// CHECK: released-buffer.c:45:1: note: '__do_sys_get_stack' is a system call body: task context, preemptible
// CHECK: released-buffer.c:51:8: note: 'get_stack' called here

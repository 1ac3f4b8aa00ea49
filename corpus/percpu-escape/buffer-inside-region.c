// Between get_callchain_entry() and put_callchain_entry() the buffer is
// this task's even where preemption is on: the recursion slot keeps others
// out. A value copied out of it stays right after the region.
// RUN: %kharden check --checks=percpu-escape %s -- %kflags -I %S/Inputs | count 0
#include <linux/preempt.h>
#include <linux/syscalls.h>
#include <callchain.h>

u64 save_stack(u64 *ips, u32 max);

SYSCALL_DEFINE0(stack_depth)
{
	struct perf_callchain_entry *entry;
	int rctx;
	u64 depth;

	entry = get_callchain_entry(&rctx);
	if (!entry)
		return 0;
	entry->nr = save_stack(entry->ip, 8);
	depth = entry->nr;
	put_callchain_entry(rctx);
	if (!entry)
		return 1;
	return depth;
}

// The 6.1.192 fix: preemption off from get_perf_callchain() to the last
// use of its entry, also where the entry is passed to a function that
// reads it (bpf_get_stackid()'s scoped_guard(preempt)).
// RUN: %kharden check --checks=percpu-escape %s -- %kflags -I %S/Inputs | count 0
#include <linux/guards.h>
#include <linux/preempt.h>
#include <linux/syscalls.h>
#include <callchain.h>

static long stack_id(struct perf_callchain_entry *trace)
{
	return trace->nr + trace->ip[0];
}

SYSCALL_DEFINE0(get_stack)
{
	struct perf_callchain_entry *trace;
	u64 buf[8];
	long ret;

	migrate_disable();
	preempt_disable();
	trace = get_perf_callchain(NULL, 0, true, false, 8, false, false);
	if (!trace) {
		preempt_enable();
		migrate_enable();
		return -14;
	}
	memcpy(buf, trace->ip, 8);
	preempt_enable();
	scoped_guard(preempt) {
		trace = get_perf_callchain(NULL, 0, true, false, 8, false, false);
		if (!trace)
			return -14;
		ret = stack_id(trace);
	}
	migrate_enable();
	return ret + buf[0];
}

// Two per-CPU variables: one fused in a region, one split. Exactly one
// finding, for the split one.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, fused_seed);
DEFINE_PER_CPU(u32, split_seed);
u32 get_random_u32(void);

SYSCALL_DEFINE0(both)
{
	u32 a, b;

	preempt_disable();
	a = __this_cpu_read(fused_seed);
	__this_cpu_write(fused_seed, get_random_u32());
	preempt_enable();

	b = __this_cpu_read(split_seed);
	__this_cpu_write(split_seed, get_random_u32());
	return a + b;
}

// Neither side's context is known (no entry fact, no caller): kharden
// cannot place the regions, so it does not guess. Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/percpu.h>

DEFINE_PER_CPU(u32, seed);
u32 get_random_u32(void);

u32 take_seed(void)
{
	return __builtin_alloca(__this_cpu_read(seed) & 0xF0) != NULL;
}

void put_seed(void)
{
	__this_cpu_write(seed, get_random_u32());
}

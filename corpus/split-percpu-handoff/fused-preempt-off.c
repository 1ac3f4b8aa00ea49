// The same fused in a preempt_disable() region (a per-CPU generator drawn
// under get_cpu_var(), as v7.1 does). Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, prng_state);
u32 get_random_u32(void);

SYSCALL_DEFINE0(draw)
{
	u32 s;

	preempt_disable();
	s = __this_cpu_read(prng_state);
	__this_cpu_write(prng_state, s * 69069 + get_random_u32());
	preempt_enable();
	return __builtin_alloca(s & 0x3F0) != NULL;
}

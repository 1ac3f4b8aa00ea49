// A read whose value is discarded consumes nothing. Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, token);
u32 get_random_u32(void);

SYSCALL_DEFINE0(touch)
{
	(void)__this_cpu_read(token);
	__this_cpu_read(token);
	return 0;
}

SYSCALL_DEFINE0(refresh)
{
	__this_cpu_write(token, get_random_u32());
	return 0;
}

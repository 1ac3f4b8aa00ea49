// A refill that mixes in a timer (rdtsc()) hands off a secret too.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <asm/entry-common.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, jitter);

SYSCALL_DEFINE0(jittery)
{
	u32 j = __this_cpu_read(jitter);

	__this_cpu_write(jitter, (u32)rdtsc());
	return j;
}

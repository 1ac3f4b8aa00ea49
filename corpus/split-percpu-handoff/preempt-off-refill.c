// Consumed with preemption enabled, refilled under preempt_disable() at
// syscall exit.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, pad);
u32 get_random_u32(void);

SYSCALL_DEFINE0(padded)
{
	u32 n = __this_cpu_read(pad);
	u8 *p = __builtin_alloca(n & 0x1F0);

	asm volatile("" :: "r"(p) : "memory");
	preempt_disable();
	__this_cpu_write(pad, get_random_u32());
	preempt_enable();
	return 0;
}

// A cross-file pair: the key is consumed here and refilled in
// Inputs/refill-side.c, both preemptible.
// RUN: not %kharden check --checks=split-percpu-handoff %s %S/Inputs/refill-side.c -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, next_key);

SYSCALL_DEFINE0(use_key)
{
	u32 key = __this_cpu_read(next_key);

	return __builtin_alloca(key & 0xF0) != NULL;
}

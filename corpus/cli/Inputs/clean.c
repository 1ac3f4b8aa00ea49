#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, seen);

SYSCALL_DEFINE0(look_safely)
{
	return this_cpu_read(seen);
}

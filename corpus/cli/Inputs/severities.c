#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, offset);
DEFINE_PER_CPU(int, calls);

SYSCALL_DEFINE1(enter, int, x)
{
	__this_cpu_inc(calls);
	return raw_cpu_read(offset) + x;
}

SYSCALL_DEFINE1(leave, int, x)
{
	raw_cpu_write(offset, x);
	return 0;
}

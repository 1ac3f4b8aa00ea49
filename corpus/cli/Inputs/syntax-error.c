#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, seen);

SYSCALL_DEFINE0(look)
{
	return raw_cpu_read(seen);
}

int broken(void)
{
	return 1 +;
}

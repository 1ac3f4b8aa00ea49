#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, gamma_count);

SYSCALL_DEFINE0(gamma)
{
	return raw_cpu_read(gamma_count);
}

#include <linux/percpu.h>
#include <linux/syscalls.h>

struct sample {
	int count;
};

DEFINE_PER_CPU(struct sample, samples);

SYSCALL_DEFINE0(sample_size)
{
	return sizeof(struct sample) + raw_cpu_read(samples.count);
}

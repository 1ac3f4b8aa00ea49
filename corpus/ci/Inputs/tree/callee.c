#include <linux/percpu.h>

DEFINE_PER_CPU(long, callee_last);

long entry_helper(long nr)
{
	raw_cpu_write(callee_last, nr);
	return nr;
}

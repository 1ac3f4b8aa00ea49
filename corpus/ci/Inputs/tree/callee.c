#include <linux/percpu.h>

DEFINE_PER_CPU(long, callee_last);

long entry_helper(long nr)
{
	raw_cpu_write(callee_last, nr);
	return nr;
}

/* Reads callee_last for a decision, so that the write above is a warning
 * (consequence unknown), not a lost update. Nothing calls it, and nothing
 * in it says its context: not reported. */
int entry_helper_repeats(long nr)
{
	return raw_cpu_read(callee_last) == nr;
}

/* Included by alpha.c and beta.c: editing it re-analyses exactly those. */
#include <linux/percpu.h>

DECLARE_PER_CPU(int, shared_count);

static inline int shared_peek(void)
{
	return raw_cpu_read(shared_count);
}

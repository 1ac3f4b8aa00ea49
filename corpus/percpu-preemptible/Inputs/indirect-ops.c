// The other file of indirect-calls.c: a target stored in a table of its
// own, and the registration function that stores its parameter in the
// field.
#include <linux/percpu.h>
#include "indirect-ops.h"

DECLARE_PER_CPU(long, submitted);

static void submit_elsewhere(int n)
{
	__this_cpu_add(submitted, n);
}

static const struct blk_ops elsewhere = { .submit = submit_elsewhere };

void register_blk_ops(struct blk_ops *ops, void (*submit)(int))
{
	ops->submit = submit;
}

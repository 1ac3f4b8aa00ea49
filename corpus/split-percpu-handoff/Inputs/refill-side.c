/* The refill half of cross-file-handoff.c: not a test by itself. */
#include <linux/percpu.h>
#include <linux/sched.h>

DECLARE_PER_CPU(u32, next_key);
u32 get_random_u32(void);

void rotate_key(void)
{
	might_sleep();
	__this_cpu_write(next_key, get_random_u32());
}

// get_cpu_var()/put_cpu_var() and get_cpu_ptr()/put_cpu_ptr() disable
// preemption around the access they give.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct pool { int free; };
DEFINE_PER_CPU(int, credits);
DEFINE_PER_CPU(struct pool, pools);

SYSCALL_DEFINE0(take)
{
	struct pool *p;

	get_cpu_var(credits)--;
	put_cpu_var(credits);

	p = get_cpu_ptr(&pools);
	p->free--;
	__this_cpu_inc(credits);
	put_cpu_ptr(&pools);
	return 0;
}

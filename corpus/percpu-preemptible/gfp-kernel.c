// kmalloc(..., GFP_KERNEL) may sleep; GFP_ATOMIC does not tell anything.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/slab.h>

DEFINE_PER_CPU(void *, spare);

void refill_atomic(void)
{
	void *p = kmalloc(64, GFP_ATOMIC);

	__this_cpu_write(spare, p);
}

void refill(void)
{
	void *p = kmalloc(64, GFP_KERNEL);

	__this_cpu_write(spare, p);
	// CHECK: gfp-kernel.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(spare)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: gfp-kernel.c:[[@LINE-4]]:12: note: 'kmalloc(64, GFP_KERNEL)' may sleep: preemption and IRQs are enabled here
}

/* Something reads 'spare' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int spare_decides(void)
{
	return raw_cpu_read(spare);
}

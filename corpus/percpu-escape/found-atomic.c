// A pointer made on a path that only found its context atomic
// (irqs_disabled()) and returned: nothing released that region, the
// caller's context just does not know of it (6.1.192's
// bpf_mmap_unlock_guard_get()). Not a finding, with or without a lock of
// the caller's around the call: the callee's path that found IRQs off
// leaves them off in the caller too, so not every path to the use is
// preemptible.
// RUN: %kharden check --checks=percpu-escape %s -- %kflags | count 0
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

struct work { int busy; };
DEFINE_PER_CPU(struct work, works);
static spinlock_t work_lock;

static struct work *work_get(void)
{
	struct work *w = NULL;

	if (irqs_disabled())
		w = this_cpu_ptr(&works);
	return w;
}

SYSCALL_DEFINE0(found)
{
	struct work *w = work_get();

	if (w)
		w->busy = 1;
	spin_lock(&work_lock);
	w = work_get();
	spin_unlock(&work_lock);
	if (w)
		w->busy = 2;
	return 0;
}

// Where a work item is queued decides whether its kworker is bound: on an
// unbound workqueue (system_unbound_wq, an alloc_workqueue() with
// WQ_UNBOUND, alloc_ordered_workqueue()) it may migrate, so its CPU number
// and plain per-CPU reads are no longer stable. The work item is named the
// same way where it is initialised and where it is queued (a field of a
// structure, or a global variable), so the two may be in different files.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/smp.h>
#include <linux/workqueue.h>

DEFINE_PER_CPU(int, last_cpu);

struct dev {
	struct work_struct refresh, reclaim, flush, bound;
	struct delayed_work poll;
	struct workqueue_struct *wq, *ordered, *plain;
};

static void on_system_unbound(struct work_struct *w)
{
	__this_cpu_write(last_cpu, smp_processor_id());
	// CHECK: work-unbound.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(last_cpu)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: work-unbound.c:[[@LINE+41]]:2: note: 'on_system_unbound' is a work item queued here on the unbound workqueue 'system_unbound_wq': it runs preemptible and may migrate
	// CHECK: work-unbound.c:[[@LINE-3]]:29: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: work-unbound.c:[[@LINE+39]]:2: note: 'on_system_unbound' is a work item queued here on the unbound workqueue 'system_unbound_wq': it runs preemptible and may migrate
}

static void on_alloc_unbound(struct work_struct *w)
{
	__this_cpu_write(last_cpu, 1);
	// CHECK: work-unbound.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(last_cpu)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: work-unbound.c:[[@LINE+33]]:2: note: 'on_alloc_unbound' is a work item queued here on the unbound workqueue 'struct dev.wq': it runs preemptible and may migrate
}

static void on_ordered(struct work_struct *w)
{
	__this_cpu_write(last_cpu, 2);
	// CHECK: work-unbound.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(last_cpu)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: work-unbound.c:[[@LINE+27]]:2: note: 'on_ordered' is a work item queued here on the unbound workqueue 'struct dev.ordered': it runs preemptible and may migrate
}

// Bound queues: the default system_wq, and an alloc_workqueue() without
// WQ_UNBOUND. The kworker is pinned: nothing to report.
static void on_bound(struct work_struct *w)
{
	__this_cpu_write(last_cpu, smp_processor_id());
}

static void on_plain(struct work_struct *w)
{
	__this_cpu_write(last_cpu, smp_processor_id());
}

void dev_start(struct dev *d)
{
	INIT_WORK(&d->refresh, on_system_unbound);
	INIT_WORK(&d->reclaim, on_alloc_unbound);
	INIT_DELAYED_WORK(&d->poll, on_ordered);
	INIT_WORK(&d->bound, on_bound);
	INIT_WORK(&d->flush, on_plain);
	d->wq = alloc_workqueue("dev", WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	d->ordered = alloc_ordered_workqueue("dev-ordered", WQ_FREEZABLE);
	d->plain = alloc_workqueue("dev-plain", WQ_MEM_RECLAIM, 0);
	queue_work(system_unbound_wq, &d->refresh);
	queue_work(d->wq, &d->reclaim);
	queue_delayed_work(d->ordered, &d->poll, 10);
	schedule_work(&d->bound);
	queue_work(d->plain, &d->flush);
}

/* Something reads 'last_cpu' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int last_cpu_decides(void)
{
	return raw_cpu_read(last_cpu);
}

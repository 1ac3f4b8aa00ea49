// Consequence cpu-choice by atomic updates (severity note, shown with
// --min-severity=note): a per-CPU pointer whose object the code changes only
// with the kernel model's `atomic-updates` (cmpxchg(), xchg(), llist_add(),
// schedule_work()) and otherwise only reads. Such a change is safe from any
// CPU, so after a migration another CPU's object does as well (IPv4's
// per-CPU output route cache, vmalloc's deferred frees in 6.1).
// Cases 4 to 6 are not: the object is also stored to plainly, changed
// atomically against this CPU only, or the pointer is the value installed.
// RUN: not %kharden check --checks=percpu-preemptible --min-severity=note %s -- %kflags | FileCheck %s %strict
#include <linux/atomic.h>
#include <linux/llist.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>
#include <linux/workqueue.h>

struct route { int dst; };
struct deferred { struct llist_head list; struct work_struct wq; };
struct counter { long hits; };
DEFINE_PER_CPU(struct route *, cached_route);
DEFINE_PER_CPU(struct deferred, deferred_frees);
DEFINE_PER_CPU(struct counter, local_counters);

void route_put(struct route *rt);

// 1. A slot installed with cmpxchg() after a load of it (rt_cache_route()).
SYSCALL_DEFINE1(route_cache, struct route *, rt)
{
	struct route **p = raw_cpu_ptr(&cached_route);
	struct route *orig = *p;

	if (cmpxchg(p, orig, rt) != orig)
		return -1;
	if (orig)
		route_put(orig);
	return 0;
}

// 2. A lock-less list and its work item (6.1's __vfree_deferred()).
SYSCALL_DEFINE1(free_later, struct llist_node *, node)
{
	struct deferred *p = raw_cpu_ptr(&deferred_frees);

	if (llist_add(node, &p->list))
		schedule_work(&p->wq);
	return 0;
}

// 3. xchg() of a slot, the old value only compared.
SYSCALL_DEFINE1(route_swap, struct route *, rt)
{
	struct route **p = raw_cpu_ptr(&cached_route);

	return xchg(p, rt) == rt;
}

// 4. Not cpu-choice (unknown): the object is also stored to plainly.
SYSCALL_DEFINE1(route_reset, struct route *, rt)
{
	struct route **p = raw_cpu_ptr(&cached_route);

	if (cmpxchg(p, 0, rt))
		*p = 0;
	return 0;
}

// 5. Not cpu-choice: cmpxchg_local() is atomic against this CPU only.
SYSCALL_DEFINE1(count_local, long, x)
{
	struct counter *c = raw_cpu_ptr(&local_counters);

	cmpxchg_local(&c->hits, x, x + 1);
	return 0;
}

// 6. Not cpu-choice: the pointer is passed as the value to install, not as
// the object changed.
DEFINE_PER_CPU(struct route, own_route);
struct route *published;
SYSCALL_DEFINE0(route_publish)
{
	struct route *mine = raw_cpu_ptr(&own_route);

	cmpxchg(&published, 0, mine);
	return 0;
}

// CHECK: consequence-atomic-update.c:28:21: note: per-CPU pointer 'raw_cpu_ptr(&cached_route)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-atomic-update.c:26:1: note: '__do_sys_route_cache' is a system call body: task context, preemptible
// CHECK: consequence-atomic-update.c:28:21: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-atomic-update.c:31:6: note: the picked object is changed only atomically, here by 'cmpxchg' in '__do_sys_route_cache', and otherwise only read: a change from any CPU is safe, so another CPU's object would do
// CHECK: consequence-atomic-update.c:41:23: note: per-CPU pointer 'raw_cpu_ptr(&deferred_frees)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-atomic-update.c:39:1: note: '__do_sys_free_later' is a system call body: task context, preemptible
// CHECK: consequence-atomic-update.c:41:23: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-atomic-update.c:43:6: note: the picked object is changed only atomically, here by 'llist_add' in '__do_sys_free_later', and otherwise only read: a change from any CPU is safe, so another CPU's object would do
// CHECK: consequence-atomic-update.c:51:21: note: per-CPU pointer 'raw_cpu_ptr(&cached_route)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-atomic-update.c:49:1: note: '__do_sys_route_swap' is a system call body: task context, preemptible
// CHECK: consequence-atomic-update.c:51:21: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-atomic-update.c:53:9: note: the picked object is changed only atomically, here by 'xchg' in '__do_sys_route_swap', and otherwise only read: a change from any CPU is safe, so another CPU's object would do
// CHECK: consequence-atomic-update.c:59:21: warning: per-CPU pointer 'raw_cpu_ptr(&cached_route)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-atomic-update.c:57:1: note: '__do_sys_route_reset' is a system call body: task context, preemptible
// CHECK: consequence-atomic-update.c:69:22: warning: per-CPU pointer 'raw_cpu_ptr(&local_counters)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-atomic-update.c:67:1: note: '__do_sys_count_local' is a system call body: task context, preemptible
// CHECK: consequence-atomic-update.c:81:23: warning: per-CPU pointer 'raw_cpu_ptr(&own_route)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-atomic-update.c:79:1: note: '__do_sys_route_publish' is a system call body: task context, preemptible

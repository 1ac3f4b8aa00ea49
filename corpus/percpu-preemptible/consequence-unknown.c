// Consequence unknown (severity warning): neither a split read-modify-write
// nor an update nothing reads is shown. Never below warning.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

struct pool { int free; };
struct mix { int a; int b; };
DEFINE_PER_CPU(int, hint);
DEFINE_PER_CPU(int, depth);
DEFINE_PER_CPU(struct pool, pools);
DEFINE_PER_CPU(struct mix, mixed);
DEFINE_PER_CPU(int, tickets);
struct locked_pool { spinlock_t lock; int free; };
DEFINE_PER_CPU(struct locked_pool, locked_pools);

void use(int v);

// 1. A read whose value is used, of a variable nothing writes.
SYSCALL_DEFINE1(read_hint, int, x)
{
	return raw_cpu_read(hint) + x;
}

// 2. An increment of a variable another function reads for a decision.
SYSCALL_DEFINE1(enter_depth, int, x)
{
	__this_cpu_inc(depth);
	return x;
}

int too_deep(void)
{
	return __this_cpu_read(depth) > 4;
}

// 3. A pointer through which the object changes, with no lock of its own.
SYSCALL_DEFINE1(take_pool, int, x)
{
	raw_cpu_ptr(&pools)->free -= x;
	return 0;
}

// 4. The CPU number, passed where the run does not follow it.
SYSCALL_DEFINE1(which_cpu, int, x)
{
	use(smp_processor_id());
	return x;
}

// 5. An increment of one field while another field of the same variable is
// read for a decision: the structure may be read as a whole.
SYSCALL_DEFINE1(mix_a, int, x)
{
	__this_cpu_inc(mixed.a);
	if (__this_cpu_read(mixed.b))
		return 1;
	return 0;
}

// 6. A read-modify-write whose result decides.
SYSCALL_DEFINE1(take_ticket, int, x)
{
	return raw_cpu_add_return(tickets, 1) == x;
}

// 7. A pointer whose object changes before its own lock is taken: not a
// cpu-choice.
SYSCALL_DEFINE1(take_locked, int, x)
{
	struct locked_pool *p = raw_cpu_ptr(&locked_pools);

	p->free -= x;
	spin_lock(&p->lock);
	p->free += x;
	spin_unlock(&p->lock);
	return 0;
}

// 8-10. Compare-and-exchanges that leave a pick unknown.
struct kcpu { void **freelist; unsigned long tid; void *slab; };
struct kcache { struct kcpu *cpu_slab; struct kcpu *other_slab; };

// 8. Where the exchange fails, the code does not go back to the pick.
SYSCALL_DEFINE1(kalloc_once, struct kcache *, s)
{
	struct kcpu *c = raw_cpu_ptr(s->cpu_slab);
	unsigned long tid = c->tid;
	void **object = c->freelist;

	if (!this_cpu_cmpxchg_double(s->cpu_slab->freelist, s->cpu_slab->tid,
				     object, tid, NULL, tid + 1))
		return -1;
	return 0;
}

// 9. The object changes through the pointer before the exchange.
SYSCALL_DEFINE1(kalloc_store, struct kcache *, s)
{
	struct kcpu *c;
	unsigned long tid;
	void **object;

redo:
	c = raw_cpu_ptr(s->cpu_slab);
	tid = c->tid;
	object = c->freelist;
	c->slab = NULL;
	if (!this_cpu_cmpxchg_double(s->cpu_slab->freelist, s->cpu_slab->tid,
				     object, tid, NULL, tid + 1))
		goto redo;
	return 0;
}

// 10. The exchange is on another per-CPU variable than the pick.
SYSCALL_DEFINE1(kalloc_other, struct kcache *, s)
{
	struct kcpu *c;
	unsigned long tid;
	void **object;

redo:
	c = raw_cpu_ptr(s->cpu_slab);
	tid = c->tid;
	object = c->freelist;
	if (!this_cpu_cmpxchg_double(s->other_slab->freelist,
				     s->other_slab->tid, object, tid, NULL,
				     tid + 1))
		goto redo;
	return 0;
}

#include <linux/slab.h>

// 11. A per-CPU read returned to a caller that passes it as an allocation's
// node and compares it: a node compared is this CPU's, not a hint.
DEFINE_PER_CPU(int, home_node);
static inline int home_node_id(void)
{
	return raw_cpu_read(home_node);
}

SYSCALL_DEFINE1(node_local, int, nid)
{
	kfree(kmalloc_node(8, GFP_KERNEL, home_node_id()));
	return nid == home_node_id();
}

// 12. A read of a nesting level (lockdep_nmi()'s lockdep_recursion): the run
// steps it up and down (and resets it), so it holds no value handed on to
// the reader. Not split-rmw.
DEFINE_PER_CPU(int, nesting);
void nest_in(void)
{
	__this_cpu_inc(nesting);
}

void nest_out(void)
{
	__this_cpu_dec(nesting);
}

SYSCALL_DEFINE0(nested)
{
	if (raw_cpu_read(nesting))
		return 0;
	return 1;
}

void nest_reset(void)
{
	__this_cpu_write(nesting, 0);
}

// CHECK: consequence-unknown.c:24:9: warning: per-CPU read 'raw_cpu_read(hint)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:22:1: note: '__do_sys_read_hint' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:30:2: warning: per-CPU read-modify-write '__this_cpu_inc(depth)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:28:1: note: '__do_sys_enter_depth' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:42:2: warning: per-CPU pointer 'raw_cpu_ptr(&pools)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:40:1: note: '__do_sys_take_pool' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:49:6: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:47:1: note: '__do_sys_which_cpu' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:57:2: warning: per-CPU read-modify-write '__this_cpu_inc(mixed.a)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:55:1: note: '__do_sys_mix_a' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:58:6: warning: per-CPU read '__this_cpu_read(mixed.b)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:55:1: note: '__do_sys_mix_a' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:66:9: warning: per-CPU read-modify-write 'raw_cpu_add_return(tickets)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:64:1: note: '__do_sys_take_ticket' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:73:26: warning: per-CPU pointer 'raw_cpu_ptr(&locked_pools)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:71:1: note: '__do_sys_take_locked' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:89:19: warning: per-CPU pointer 'raw_cpu_ptr(s->cpu_slab)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:87:1: note: '__do_sys_kalloc_once' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:107:6: warning: per-CPU pointer 'raw_cpu_ptr(s->cpu_slab)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:100:1: note: '__do_sys_kalloc_store' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:125:6: warning: per-CPU pointer 'raw_cpu_ptr(s->cpu_slab)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:118:1: note: '__do_sys_kalloc_other' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:142:9: warning: per-CPU read 'raw_cpu_read(home_node)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:145:1: note: '__do_sys_node_local' is a system call body: task context, preemptible
// CHECK: consequence-unknown.c:147:36: note: 'home_node_id' called here
// CHECK: consequence-unknown.c:167:6: warning: per-CPU read 'raw_cpu_read(nesting)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-unknown.c:165:1: note: '__do_sys_nested' is a system call body: task context, preemptible

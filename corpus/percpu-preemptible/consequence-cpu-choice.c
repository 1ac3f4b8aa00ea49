// Consequence cpu-choice (severity note, shown with --min-severity=note): a
// per-CPU pointer that only picks one CPU's object, whose own lock the code
// takes before anything changes the object. Each CPU's object has its own
// lock, so after a migration another CPU's object does as well (iova's
// rcaches, srcu_data, vmap_block_queue, the swap slots cache, rt6's
// uncached lists).
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags 2>&1 | FileCheck %s --check-prefix=DEFAULT %strict
// DEFAULT: kharden: 0 findings; 12 below --min-severity=warning
// RUN: not %kharden check --checks=percpu-preemptible --min-severity=note %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

struct cache { spinlock_t lock; int count; int items[8]; };
struct queue { spinlock_t lock; int len; };
struct slots { struct mutex alloc_lock; int *slots; int nr; };
struct owner;
struct sdata { spinlock_t lock; struct owner *owner; int pending; };
struct entry { struct queue *list; };
DEFINE_PER_CPU(struct cache, caches);
DEFINE_PER_CPU(struct queue, queues);
DEFINE_PER_CPU(struct slots, slot_caches);
DEFINE_PER_CPU(struct sdata, sdatas);
DEFINE_PER_CPU(struct queue, uncached);

void note_owner(struct owner *o);

// 1. The lock of the picked cache, by a macro (spin_lock_irqsave()).
SYSCALL_DEFINE1(cache_put, int, x)
{
	unsigned long flags;
	struct cache *c = raw_cpu_ptr(&caches);

	spin_lock_irqsave(&c->lock, flags);
	c->items[c->count++ & 7] = x;
	spin_unlock_irqrestore(&c->lock, flags);
	return 0;
}

// 2. By a function (spin_lock()), the object reached through a local.
SYSCALL_DEFINE1(queue_add, int, x)
{
	struct queue *q;

	q = raw_cpu_ptr(&queues);
	spin_lock(&q->lock);
	q->len += x;
	spin_unlock(&q->lock);
	return 0;
}

// 3. A mutex, after an unlocked look at the object: loads change nothing.
SYSCALL_DEFINE1(slot_take, int, x)
{
	struct slots *s = raw_cpu_ptr(&slot_caches);

	if (!s->slots)
		return -1;
	mutex_lock(&s->alloc_lock);
	s->nr -= x;
	mutex_unlock(&s->alloc_lock);
	return 0;
}

// 4. The lock taken by a callee the pointer is passed to, after it read
// the object's back-pointer.
static void sdata_lock(struct sdata *sd)
{
	note_owner(sd->owner);
	spin_lock(&sd->lock);
}

SYSCALL_DEFINE1(sdata_queue, int, x)
{
	struct sdata *sd = raw_cpu_ptr(&sdatas);

	sdata_lock(sd);
	sd->pending += x;
	spin_unlock(&sd->lock);
	return 0;
}

// 5. The pointer kept in an entry first (the entry's removal takes the same
// lock), then the list locked: keeping the pointer changes no list.
SYSCALL_DEFINE1(uncached_add, struct entry *, e)
{
	struct queue *ul = raw_cpu_ptr(&uncached);

	e->list = ul;
	spin_lock_bh(&ul->lock);
	ul->len++;
	spin_unlock_bh(&ul->lock);
	return 0;
}

// 6. A look at the object through READ_ONCE() in a callee (whose size
// check reads nothing), then the lock in another callee: taskstats_exit()'s
// list_empty() and send_cpu_listeners().
static int queue_empty(struct queue *q)
{
	return READ_ONCE(q->len) == 0;
}

static void queue_send(struct queue *q, int x)
{
	spin_lock(&q->lock);
	q->len += x;
	spin_unlock(&q->lock);
}

SYSCALL_DEFINE1(queue_send_any, int, x)
{
	struct queue *q = raw_cpu_ptr(&queues);

	if (queue_empty(q))
		return 0;
	queue_send(q, x);
	return 0;
}

// SLUB's fast paths: the picked pointer is only read through, then a
// compare-and-exchange on this CPU's copy checks what was read; where it
// fails (the task moved, or another task ran here) the code goes back to
// before the pick.
struct kcpu { void **freelist; unsigned long tid; void *slab; };
struct kcache { struct kcpu *cpu_slab; };

// The slow path picks its own (with preemption off): the caller's pointer
// is never read, as in __slab_alloc().
static void *refill(struct kcache *s, struct kcpu *c)
{
	void *p;

	c = get_cpu_ptr(s->cpu_slab);
	p = c->slab;
	c->slab = NULL;
	put_cpu_ptr(s->cpu_slab);
	return p;
}

// 7. this_cpu_cmpxchg_double() (6.1's slab_alloc_node()), the pointer also
// passed to the slow path.
SYSCALL_DEFINE1(kalloc, struct kcache *, s)
{
	struct kcpu *c;
	unsigned long tid;
	void **object;

redo:
	c = raw_cpu_ptr(s->cpu_slab);
	tid = READ_ONCE(c->tid);
	object = c->freelist;
	if (!object || !c->slab)
		return (long)refill(s, c);
	if (unlikely(!this_cpu_cmpxchg_double(s->cpu_slab->freelist,
					      s->cpu_slab->tid, object, tid,
					      (void **)*object, tid + 1)))
		goto redo;
	return (long)object;
}

// 8. The exchange in a function of the file that returns its success
// (6.12's __update_cpu_freelist_fast(), this_cpu_try_cmpxchg() under a name
// of SLUB's own), in a loop.
#define this_cpu_try_cmpxchg_freelist this_cpu_try_cmpxchg
static int update_fast(struct kcache *s, unsigned long tid)
{
	return this_cpu_try_cmpxchg_freelist(s->cpu_slab->tid, &tid, tid + 1);
}

SYSCALL_DEFINE2(kfree_fast, struct kcache *, s, void *, slab)
{
	struct kcpu *c;
	unsigned long tid;

	do {
		c = raw_cpu_ptr(s->cpu_slab);
		tid = c->tid;
		if (slab != c->slab)
			return -1;
	} while (!update_fast(s, tid));
	return 0;
}

// 9. As 6.12.117 has it: SLUB's name for the sized form, which expands to
// asm-generic's __cpu_fallback_try_cmpxchg() (whose first declaration
// names two variables), tested through unlikely() in the caller.
#define kcache_try_cmpxchg_freelist this_cpu_try_cmpxchg64
static inline int update_freelist_fast(struct kcache *s, unsigned long tid)
{
	return kcache_try_cmpxchg_freelist(s->cpu_slab->tid, &tid, tid + 1);
}

SYSCALL_DEFINE2(kfree_fast2, struct kcache *, s, void *, slab)
{
	struct kcpu *c;
	unsigned long tid;

redo:
	c = raw_cpu_ptr(s->cpu_slab);
	tid = READ_ONCE(c->tid);
	if (slab != c->slab)
		return -1;
	if (unlikely(!update_freelist_fast(s, tid)))
		goto redo;
	return 0;
}

#include <linux/slab.h>

// 10. A per-CPU read returned to the callers (numa_node_id()), each of
// which passes it as the node an allocation prefers: to kmalloc_node(),
// to alloc_pages_node(), or to a callee that passes it to one.
DEFINE_PER_CPU(int, numa_node);
static inline int node_id(void)
{
	return raw_cpu_read(numa_node);
}

static void *table_alloc(int nid)
{
	return kmalloc_node(64, GFP_KERNEL, nid);
}

SYSCALL_DEFINE1(node_alloc, int, x)
{
	void *a = kmalloc_node(x, GFP_KERNEL, node_id());
	void *b = table_alloc(node_id());
	struct page *p = alloc_pages_node(node_id(), GFP_KERNEL, 0);

	kfree(a);
	kfree(b);
	return p != 0;
}

// 11. The pointer kept in a field of the caller's object, then locked
// through that field before anything else may change it (ext4's
// ext4_mb_group_or_file(): `ac->ac_lg = raw_cpu_ptr(..)`, then
// mutex_lock(&ac->ac_lg->lg_mutex)).
struct group { struct mutex lock; int len; };
struct alloc_ctx { struct group *lg; int flags; };
DEFINE_PER_CPU(struct group, groups);

static void group_or_file(struct alloc_ctx *ac)
{
	ac->lg = raw_cpu_ptr(&groups);
	ac->flags |= 1;
	mutex_lock(&ac->lg->lock);
}

SYSCALL_DEFINE1(group_alloc, struct alloc_ctx *, ac)
{
	group_or_file(ac);
	ac->lg->len++;
	mutex_unlock(&ac->lg->lock);
	return 0;
}

// 12. The lock is one the picked object points to: each CPU's compression
// context names its own mutex (zswap's `acomp_ctx = raw_cpu_ptr(..)`, then
// mutex_lock(acomp_ctx->mutex), 6.1).
struct comp_ctx { struct mutex *mutex; int len; };
DEFINE_PER_CPU(struct comp_ctx, comp_ctxs);

SYSCALL_DEFINE1(compress, int, len)
{
	struct comp_ctx *ctx = raw_cpu_ptr(&comp_ctxs);

	mutex_lock(ctx->mutex);
	ctx->len = len;
	mutex_unlock(ctx->mutex);
	return 0;
}

// CHECK: consequence-cpu-choice.c:33:20: note: per-CPU pointer 'raw_cpu_ptr(&caches)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:30:1: note: '__do_sys_cache_put' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:33:20: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:35:2: note: the picked object's own lock is taken here by 'spin_lock_irqsave' in '__do_sys_cache_put', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:46:6: note: per-CPU pointer 'raw_cpu_ptr(&queues)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:42:1: note: '__do_sys_queue_add' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:46:6: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:47:2: note: the picked object's own lock is taken here by 'spin_lock' in '__do_sys_queue_add', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:56:20: note: per-CPU pointer 'raw_cpu_ptr(&slot_caches)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:54:1: note: '__do_sys_slot_take' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:56:20: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:60:2: note: the picked object's own lock is taken here by 'mutex_lock' in '__do_sys_slot_take', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:76:21: note: per-CPU pointer 'raw_cpu_ptr(&sdatas)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:74:1: note: '__do_sys_sdata_queue' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:76:21: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:71:2: note: the picked object's own lock is taken here by 'spin_lock' in 'sdata_lock', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:88:21: note: per-CPU pointer 'raw_cpu_ptr(&uncached)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:86:1: note: '__do_sys_uncached_add' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:88:21: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:91:2: note: the picked object's own lock is taken here by 'spin_lock_bh' in '__do_sys_uncached_add', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:114:20: note: per-CPU pointer 'raw_cpu_ptr(&queues)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:112:1: note: '__do_sys_queue_send_any' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:114:20: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:107:2: note: the picked object's own lock is taken here by 'spin_lock' in 'queue_send', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:151:6: note: per-CPU pointer 'raw_cpu_ptr(s->cpu_slab)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:144:1: note: '__do_sys_kalloc' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:151:6: note: cpu-choice: the per-CPU pointer is only read through
// CHECK: consequence-cpu-choice.c:156:16: note: a compare-and-exchange on this CPU's copy of 's->cpu_slab' follows, and where it fails the code goes back to before the pick: a task that moved picks again
// CHECK: consequence-cpu-choice.c:178:7: note: per-CPU pointer 'raw_cpu_ptr(s->cpu_slab)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:172:1: note: '__do_sys_kfree_fast' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:178:7: note: cpu-choice: the per-CPU pointer is only read through
// CHECK: consequence-cpu-choice.c:182:12: note: a compare-and-exchange on this CPU's copy of 's->cpu_slab' follows, and where it fails the code goes back to before the pick: a task that moved picks again
// CHECK: consequence-cpu-choice.c:201:6: note: per-CPU pointer 'raw_cpu_ptr(s->cpu_slab)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:195:1: note: '__do_sys_kfree_fast2' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:201:6: note: cpu-choice: the per-CPU pointer is only read through
// CHECK: consequence-cpu-choice.c:205:6: note: a compare-and-exchange on this CPU's copy of 's->cpu_slab' follows, and where it fails the code goes back to before the pick: a task that moved picks again
// CHECK: consequence-cpu-choice.c:218:9: note: per-CPU read 'raw_cpu_read(numa_node)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:226:1: note: '__do_sys_node_alloc' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:228:40: note: 'node_id' called here
// CHECK: consequence-cpu-choice.c:218:9: note: cpu-choice: the value read here is only a NUMA node to prefer
// CHECK: consequence-cpu-choice.c:228:12: note: it is passed here to 'kmalloc_node' in '__do_sys_node_alloc' as the node to prefer, from which the allocation falls back to other nodes: another CPU's node would do
// CHECK: consequence-cpu-choice.c:247:11: note: per-CPU pointer 'raw_cpu_ptr(&groups)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:252:1: note: '__do_sys_group_alloc' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:254:2: note: 'group_or_file' called here
// CHECK: consequence-cpu-choice.c:247:11: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:249:2: note: the picked object's own lock is taken here by 'mutex_lock' in 'group_or_file', before anything changes the object: each CPU's object has its own lock, so another CPU's would do
// CHECK: consequence-cpu-choice.c:268:25: note: per-CPU pointer 'raw_cpu_ptr(&comp_ctxs)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [cpu-choice]{{$}}
// CHECK: consequence-cpu-choice.c:266:1: note: '__do_sys_compress' is a system call body: task context, preemptible
// CHECK: consequence-cpu-choice.c:268:25: note: cpu-choice: the per-CPU pointer only picks one CPU's object
// CHECK: consequence-cpu-choice.c:270:13: note: the picked object's own lock is taken here by 'mutex_lock' in '__do_sys_compress', before anything changes the object: each CPU's object has its own lock, so another CPU's would do

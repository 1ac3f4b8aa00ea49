// A helper that unlocks only `if (ci)` has two exits: a release where the
// pointer is not NULL and a balanced one where it is. The pointer's truth
// is a test its callers select the exits by: 6.1's and 6.12's
// mm/swapfile.c lock_cluster() returns the cluster it locked (NULL where
// the device has none, and nothing locked), and unlock_cluster(ci) unlocks
// it on the same paths; perf's perf_ctx_lock()/perf_ctx_unlock() take and
// release `ctx->lock` only `if (ctx)`. A caller that does not know the
// pointer it passes (the lock was taken through another one) takes both
// exits, and keeps the lock on one path.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

struct cluster { spinlock_t lock; int n; };
struct info { spinlock_t lock; struct cluster *cluster_info; };

static struct cluster *lock_cluster(struct info *si, unsigned long offset)
{
	struct cluster *ci;

	ci = si->cluster_info;
	if (ci) {
		ci += offset / 512;
		spin_lock(&ci->lock);
	}
	return ci;
}

static void unlock_cluster(struct cluster *ci)
{
	if (ci)
		spin_unlock(&ci->lock);
}

// The returned pointer is not NULL on the exit that locked.
void scan(struct info *si, unsigned long offset)
{
	struct cluster *ci = lock_cluster(si, offset);

	ci->n++;
	unlock_cluster(ci);
	cond_resched();
}

// A lock taken through the local says it is not NULL.
void locked_local(struct info *si)
{
	struct cluster *ci = si->cluster_info;

	spin_lock(&ci->lock);
	unlock_cluster(ci);
	msleep(1);
}

// The caller's own parameter, passed on to both.
struct ctx { spinlock_t lock; int nr; };
struct cpu_ctx { struct ctx ctx; };

static void ctx_lock(struct cpu_ctx *cpuctx, struct ctx *ctx)
{
	spin_lock(&cpuctx->ctx.lock);
	if (ctx)
		spin_lock(&ctx->lock);
}

static void ctx_unlock(struct cpu_ctx *cpuctx, struct ctx *ctx)
{
	if (ctx)
		spin_unlock(&ctx->lock);
	spin_unlock(&cpuctx->ctx.lock);
}

void ctx_switch(struct cpu_ctx *cpuctx, struct ctx *ctx)
{
	ctx_lock(cpuctx, ctx);
	ctx->nr++;
	ctx_unlock(cpuctx, ctx);
	msleep(1);
}

// Locked through one pointer, released through another the caller knows
// nothing of: the path where `other` is NULL keeps the lock.
void other_pointer(struct info *si, struct cluster *other)
{
	struct cluster *ci = si->cluster_info;

	spin_lock(&ci->lock);
	unlock_cluster(other);
	msleep(1);
}
// CHECK: pointer-truth.c:[[@LINE-2]]:2: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: pointer-truth.c:[[@LINE-5]]:2: note: atomic region begun here by 'spin_lock(&ci->lock)'

// A field the caller reads again is not a value it keeps a slot of.
void through_field(struct info *si)
{
	spin_lock(&si->cluster_info->lock);
	unlock_cluster(si->cluster_info);
	cond_resched();
}
// CHECK: pointer-truth.c:[[@LINE-2]]:2: warning: 'cond_resched()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: pointer-truth.c:[[@LINE-5]]:2: note: atomic region begun here by 'spin_lock(&si->cluster_info->lock)'

// A per-CPU base used to release its own lock: the argument of
// raw_spin_unlock_irqrestore() is evaluated before the macro's unlock,
// though the macro's events sit at its first statement (the typecheck()
// of the flags). Reduced from __mod_timer() (kernel/time/timer.c), a false
// positive before. A use after the unlock is still the finding.
// RUN: not %kharden check --checks=percpu-escape %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

struct timer_base { raw_spinlock_t lock; unsigned long clk; };
DEFINE_PER_CPU(struct timer_base, timer_bases);
static raw_spinlock_t pending_lock;

static struct timer_base *this_base(void)
{
	struct timer_base *base = this_cpu_ptr(&timer_bases);

	return base;
}

SYSCALL_DEFINE0(rearm)
{
	struct timer_base *base;
	unsigned long flags;

	raw_spin_lock_irqsave(&pending_lock, flags);
	base = this_base();
	raw_spin_unlock(&pending_lock);
	raw_spin_lock(&base->lock);
	base->clk++;
	raw_spin_unlock_irqrestore(&base->lock, flags);
	return 0;
}

SYSCALL_DEFINE0(rearm_late)
{
	struct timer_base *base;
	unsigned long flags;

	raw_spin_lock_irqsave(&pending_lock, flags);
	base = this_base();
	raw_spin_unlock_irqrestore(&pending_lock, flags);
	base->clk++;
	return 0;
}
// CHECK: unlock-own-lock.c:44:2: warning: per-CPU pointer from 'this_cpu_ptr(&timer_bases)' used after the region that made it this CPU's has ended, where preemption is enabled; the task may have migrated, or another task on this CPU may use the same copy [percpu-escape]
// CHECK: unlock-own-lock.c:17:28: note: per-CPU pointer made here by 'this_cpu_ptr(&timer_bases)'
// CHECK: unlock-own-lock.c:19:2: note: returned here by 'this_base()'
// CHECK: unlock-own-lock.c:43:2: note: preemption enabled here by 'raw_spin_unlock_irqrestore(&pending_lock, flags)'
// CHECK: unlock-own-lock.c:36:1: note: '__do_sys_rearm_late' is a system call body: task context, preemptible

#ifndef _LINUX_GUARDS_H
#define _LINUX_GUARDS_H
/* The guard classes v6.5+ defines in preempt.h, spinlock.h and irqflags.h,
 * and 6.12's local_lock.h guard over a plain pointer (DEFINE_GUARD). */
#include <linux/cleanup.h>
#include <linux/local_lock.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
DEFINE_LOCK_GUARD_0(preempt, preempt_disable(), preempt_enable())
DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable())
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock), spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t, spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags), unsigned long flags)
DEFINE_GUARD(local_lock, local_lock_t *, local_lock(_T), local_unlock(_T))
#endif

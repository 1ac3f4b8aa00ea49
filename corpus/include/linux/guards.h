#ifndef _LINUX_GUARDS_H
#define _LINUX_GUARDS_H
/* The guard classes v6.5+ defines in preempt.h, spinlock.h and irqflags.h. */
#include <linux/cleanup.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
DEFINE_LOCK_GUARD_0(preempt, preempt_disable(), preempt_enable())
DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable())
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock), spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t, spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags), unsigned long flags)
#endif

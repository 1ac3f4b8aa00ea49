/* The callee half of cross-file-effects.c: not a test by itself. */
#include <linux/preempt.h>
#include <linux/spinlock.h>

struct desc {
	raw_spinlock_t lock;
};

struct desc *desc_lock(struct desc *d, unsigned long *flags)
{
	raw_spin_lock_irqsave(&d->lock, *flags);
	return d;
}

void desc_unlock(struct desc *d, unsigned long flags)
{
	raw_spin_unlock_irqrestore(&d->lock, flags);
}

void reserve(void)
{
	preempt_disable_notrace();
}

void commit(void)
{
	preempt_enable_notrace();
}

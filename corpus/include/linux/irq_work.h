#ifndef _LINUX_IRQ_WORK_H
#define _LINUX_IRQ_WORK_H
/* irq_work, as include/linux/irq_work.h declares it. */
struct irq_work { unsigned int flags; void (*func)(struct irq_work *); };
#define __IRQ_WORK_INIT(_func, _flags) { .flags = (_flags), .func = (_func) }
#define IRQ_WORK_INIT(_func) __IRQ_WORK_INIT(_func, 0)
#define IRQ_WORK_INIT_HARD(_func) __IRQ_WORK_INIT(_func, 4)
#define DEFINE_IRQ_WORK(name, _f) struct irq_work name = IRQ_WORK_INIT(_f)
static inline void init_irq_work(struct irq_work *work, void (*func)(struct irq_work *))
{
	work->flags = 0;
	work->func = func;
}
int irq_work_queue(struct irq_work *work);
#endif

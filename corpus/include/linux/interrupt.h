#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H
/* Registration functions of bottom halves, IRQ handlers and CPU hotplug
 * callbacks, as the kernel declares them. */
struct softirq_action;
struct tasklet_struct { void (*func)(unsigned long); unsigned long data; };
struct timer_list { void (*function)(struct timer_list *); };
typedef int irqreturn_t;
void open_softirq(int nr, void (*action)(struct softirq_action *));
void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data);
void timer_setup(struct timer_list *timer, void (*func)(struct timer_list *), unsigned int flags);
int request_irq(unsigned int irq, irqreturn_t (*handler)(int, void *), unsigned long flags,
		const char *name, void *dev);
struct device;
typedef irqreturn_t (*irq_handler_t)(int, void *);
int devm_request_threaded_irq(struct device *dev, unsigned int irq,
			      irq_handler_t handler, irq_handler_t thread_fn,
			      unsigned long irqflags, const char *devname,
			      void *dev_id);
static inline int devm_request_irq(struct device *dev, unsigned int irq,
				   irq_handler_t handler, unsigned long irqflags,
				   const char *devname, void *dev_id)
{
	return devm_request_threaded_irq(dev, irq, handler, (irq_handler_t)0,
					 irqflags, devname, dev_id);
}
#endif

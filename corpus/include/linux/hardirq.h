#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H
/* Hard IRQ and NMI sections, as include/linux/hardirq.h declares them. */
#include <linux/preempt.h>
void irq_enter(void);
void irq_enter_rcu(void);
void irq_exit(void);
void irq_exit_rcu(void);
#define NMI_OFFSET (1 << 20)
#define HARDIRQ_OFFSET (1 << 16)
#define __nmi_enter() do { __preempt_count += NMI_OFFSET + HARDIRQ_OFFSET; } while (0)
#define __nmi_exit() do { __preempt_count -= NMI_OFFSET + HARDIRQ_OFFSET; } while (0)
#define nmi_enter() do { __nmi_enter(); } while (0)
#define nmi_exit() do { __nmi_exit(); } while (0)
#endif

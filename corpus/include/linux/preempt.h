#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H
#include <linux/types.h>
extern int __preempt_count;
void __preempt_schedule(void);
#define preempt_count_inc() (__preempt_count++)
#define preempt_count_dec_and_test() (--__preempt_count == 0)
#define preempt_disable() do { preempt_count_inc(); barrier(); } while (0)
#define preempt_enable() do { barrier(); if (unlikely(preempt_count_dec_and_test())) __preempt_schedule(); } while (0)
#define preempt_disable_notrace() do { preempt_count_inc(); barrier(); } while (0)
#define preempt_enable_notrace() do { barrier(); if (unlikely(preempt_count_dec_and_test())) __preempt_schedule(); } while (0)
#define preempt_enable_no_resched() do { barrier(); __preempt_count--; } while (0)
#define preemptible() (__preempt_count == 0 && !irqs_disabled())
void migrate_disable(void);
void migrate_enable(void);
#endif

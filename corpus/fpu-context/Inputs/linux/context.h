#ifndef _FPU_CORPUS_CONTEXT_H
#define _FPU_CORPUS_CONTEXT_H
/* The context predicates of include/linux/preempt.h, over the count. */
int __preempt_count_read(void);
#define preempt_count() __preempt_count_read()
#define in_nmi() (preempt_count() & 0x00f00000)
#define in_hardirq() (preempt_count() & 0x000f0000)
#define in_serving_softirq() (preempt_count() & 0x00000100)
#define in_task() (!(preempt_count() & 0x00ff0100))
#endif

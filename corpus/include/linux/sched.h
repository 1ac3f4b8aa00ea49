#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H
#include <linux/preempt.h>
void __might_sleep(const char *file, int line);
#define might_sleep() do { __might_sleep(__FILE__, __LINE__); } while (0)
void schedule(void);
void msleep(unsigned int msecs);
int cond_resched(void);
struct task_struct { u32 kstack_offset; int pid; };
struct task_struct *get_current(void);
#define current get_current()
#endif

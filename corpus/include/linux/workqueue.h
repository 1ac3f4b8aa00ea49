#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H
struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);
struct work_struct { long data; work_func_t func; };
#define __INIT_WORK(_work, _func, _onstack) do { (_work)->data = 0; (_work)->func = (_func); } while (0)
#define INIT_WORK(_work, _func) __INIT_WORK((_work), (_func), 0)
#define DECLARE_WORK(n, f) struct work_struct n = { 0, (f) }
int schedule_work(struct work_struct *work);
int schedule_on_each_cpu(work_func_t func);
#endif

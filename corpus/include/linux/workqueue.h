#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H
/* Work items and workqueues, as include/linux/workqueue.h (6.1, 6.12)
 * declares them. */
struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);
struct work_struct { long data; work_func_t func; };
struct delayed_work { struct work_struct work; };
struct workqueue_struct;
enum { WQ_UNBOUND = 1 << 1, WQ_FREEZABLE = 1 << 2, WQ_MEM_RECLAIM = 1 << 3,
       __WQ_ORDERED = 1 << 17 };
#define __INIT_WORK(_work, _func, _onstack) do { (_work)->data = 0; (_work)->func = (_func); } while (0)
#define INIT_WORK(_work, _func) __INIT_WORK((_work), (_func), 0)
#define INIT_DELAYED_WORK(_work, _func) INIT_WORK(&(_work)->work, (_func))
#define DECLARE_WORK(n, f) struct work_struct n = { 0, (f) }
extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_unbound_wq;
struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags, int max_active, ...);
#define alloc_ordered_workqueue(fmt, flags, args...) \
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##args)
int queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
static inline int queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	return queue_work_on(-1, wq, work);
}
int queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork, unsigned long delay);
int schedule_work(struct work_struct *work);
int schedule_on_each_cpu(work_func_t func);
#endif

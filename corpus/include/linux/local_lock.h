#ifndef _LINUX_LOCAL_LOCK_H
#define _LINUX_LOCAL_LOCK_H
#include <linux/percpu.h>
#include <linux/irqflags.h>
#include <linux/lockdep.h>
typedef struct { int dep_map; } local_lock_t;
#define INIT_LOCAL_LOCK(l) { 0 }
#define __local_lock(lock) do { preempt_disable(); (void)this_cpu_ptr(lock); } while (0)
#define __local_unlock(lock) do { (void)this_cpu_ptr(lock); preempt_enable(); } while (0)
#define __local_lock_irqsave(lock, flags) do { local_irq_save(flags); (void)this_cpu_ptr(lock); } while (0)
#define __local_unlock_irqrestore(lock, flags) do { (void)this_cpu_ptr(lock); local_irq_restore(flags); } while (0)
#define local_lock(lock) __local_lock(lock)
#define local_unlock(lock) __local_unlock(lock)
#define local_lock_irqsave(lock, flags) __local_lock_irqsave(lock, flags)
#define local_unlock_irqrestore(lock, flags) __local_unlock_irqrestore(lock, flags)
/* 6.12, without PREEMPT_RT (include/linux/local_lock_internal.h). */
#define __local_lock_nested_bh(lock) do { lockdep_assert_in_softirq(); (void)this_cpu_ptr(lock); } while (0)
#define __local_unlock_nested_bh(lock) ((void)this_cpu_ptr(lock))
#define local_lock_nested_bh(lock) __local_lock_nested_bh(lock)
#define local_unlock_nested_bh(lock) __local_unlock_nested_bh(lock)
#endif

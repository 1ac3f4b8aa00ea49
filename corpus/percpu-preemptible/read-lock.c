// read_lock() disables preemption like spin_lock().
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, readers);
static rwlock_t table_lock;

SYSCALL_DEFINE0(lookup)
{
	read_lock(&table_lock);
	__this_cpu_inc(readers);
	read_unlock(&table_lock);
	return 0;
}

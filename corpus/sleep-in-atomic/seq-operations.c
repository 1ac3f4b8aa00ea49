// seq_read() calls a table's ->show() and ->next() after its ->start()
// returned, and ->stop() last, without sleeping between (the kernel
// model's callback-sequences): what ->start() took is held there. A
// ->show() that sleeps under ->start()'s RCU reader or spinlock is reported
// at the table's field; one under a mutex, or a table whose ->start() holds
// nothing, is not. (CVE-2025-68320: lan966x's stats, read through
// /proc/net/dev's dev_seq_start() RCU reader, took a mutex.)
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/sleeping.h>
#include <linux/spinlock.h>

static struct mutex stats_lock;
static spinlock_t list_lock;

static void read_stats(void)
{
	mutex_lock(&stats_lock);
	mutex_unlock(&stats_lock);
}

static void *dev_seq_start(struct seq_file *m, loff_t *pos)
{
	rcu_read_lock();
	return *pos ? 0 : m;
}

static void *dev_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return 0;
}

static void dev_seq_stop(struct seq_file *m, void *v)
{
	rcu_read_unlock();
}

static int dev_seq_show(struct seq_file *m, void *v)
{
	read_stats();
	return seq_printf(m, "%d\n", 1);
}

static const struct seq_operations dev_seq_ops = {
	.start = dev_seq_start,
	.next = dev_seq_next,
	.stop = dev_seq_stop,
	.show = dev_seq_show,
};

// A spinlock held from ->start() to ->stop(), and a ->stop() that sleeps
// only after releasing it.
static void *list_start(struct seq_file *m, loff_t *pos)
{
	spin_lock(&list_lock);
	return m;
}

static void list_stop(struct seq_file *m, void *v)
{
	spin_unlock(&list_lock);
	read_stats();
}

static const struct seq_operations list_ops = {
	.start = list_start,
	.next = dev_seq_next,
	.stop = list_stop,
	.show = dev_seq_show,
};

// Sleeping callbacks are fine where ->start() takes a mutex, or nothing.
static void *locked_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&stats_lock);
	return m;
}

static void locked_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&stats_lock);
}

static const struct seq_operations locked_ops = {
	.start = locked_start,
	.next = dev_seq_next,
	.stop = locked_stop,
	.show = dev_seq_show,
};

static void *plain_start(struct seq_file *m, loff_t *pos)
{
	return m;
}

static void plain_stop(struct seq_file *m, void *v)
{
}

static const struct seq_operations plain_ops = {
	.start = plain_start,
	.next = dev_seq_next,
	.stop = plain_stop,
	.show = dev_seq_show,
};

const struct seq_operations *all_ops[] = { &dev_seq_ops, &list_ops, &locked_ops, &plain_ops };

// Calling a ->start() is not seq_read(): its caller does not run ->show().
void dump_locked(struct seq_file *m)
{
	spin_lock(&list_lock);
	plain_start(m, 0);
	spin_unlock(&list_lock);
}

// CHECK: seq-operations.c:50:10: warning: 'dev_seq_show()' may sleep, called after 'dev_seq_start()' returned inside an RCU read-side critical section [sleep-in-atomic]
// CHECK: seq-operations.c:25:2: note: RCU read-side critical section begun here by 'rcu_read_lock()'
// CHECK: seq-operations.c:42:2: note: 'read_stats()' called here may sleep
// CHECK: seq-operations.c:19:2: note: 'mutex_lock()' may sleep here
// CHECK: seq-operations.c:71:10: warning: 'dev_seq_show()' may sleep, called after 'list_start()' returned with preemption disabled [sleep-in-atomic]
// CHECK: seq-operations.c:57:2: note: atomic region begun here by 'spin_lock(&list_lock)'
// CHECK: seq-operations.c:42:2: note: 'read_stats()' called here may sleep
// CHECK: seq-operations.c:19:2: note: 'mutex_lock()' may sleep here

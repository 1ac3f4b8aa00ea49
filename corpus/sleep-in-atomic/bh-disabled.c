// local_bh_disable() holds softirqs off through the preempt count: no
// sleeping until local_bh_enable().
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/bottom_half.h>
#include <linux/mutex.h>

static struct mutex m;

void flush_stats(void)
{
	local_bh_disable();
	mutex_lock(&m);
	mutex_unlock(&m);
	local_bh_enable();
	mutex_lock(&m);
	mutex_unlock(&m);
}
// CHECK: bh-disabled.c:12:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: bh-disabled.c:11:2: note: atomic region begun here by 'local_bh_disable()'

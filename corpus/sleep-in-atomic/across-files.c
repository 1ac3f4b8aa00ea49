// The function that sleeps is in another file of the run: the call under
// the lock is reported, the note goes down into the other file.
// RUN: not %kharden check --checks=sleep-in-atomic %s %S/Inputs/sleeper.c -- %kflags | FileCheck %s %strict
// Alone, the file has no sleeping callee: nothing to report.
// RUN: %kharden check --checks=sleep-in-atomic %s -- %kflags | count 0
#include <linux/spinlock.h>

void table_update(int v);
static spinlock_t lock;

void refresh(void)
{
	spin_lock(&lock);
	table_update(1);
	spin_unlock(&lock);
}
// CHECK: across-files.c:14:2: warning: 'table_update()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: across-files.c:13:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: Inputs/sleeper.c:5:2: note: 'mutex_lock()' may sleep here

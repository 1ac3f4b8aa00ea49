// A user access under a lock may fault and sleep; with page faults
// disabled it fails instead, and is fine.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/spinlock.h>
#include <linux/uaccess.h>

static spinlock_t lock;
static char buf[8];

void peek(const void __user *p)
{
	spin_lock(&lock);
	copy_from_user(buf, p, sizeof(buf));
	pagefault_disable();
	copy_from_user(buf, p, sizeof(buf));
	pagefault_enable();
	spin_unlock(&lock);
}
// CHECK: user-access.c:13:2: warning: 'copy_from_user()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: user-access.c:12:2: note: atomic region begun here by 'spin_lock(&lock)'

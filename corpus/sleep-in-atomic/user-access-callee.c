// A callee's user access fails instead of sleeping where its caller has
// disabled page faults (x86's copy_fpstate_to_sigframe() calls
// copy_fpregs_to_sigframe(), whose user_insn() says might_fault(), between
// pagefault_disable() and pagefault_enable()), unless the callee enables
// them again, or is called outside the caller's pagefault_disable().
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/spinlock.h>
#include <linux/uaccess.h>

static spinlock_t lock;
static char buf[8];

static int save_to_user(void __user *p)
{
	might_fault();
	return copy_to_user(p, buf, sizeof(buf)) ? -1 : 0;
}

static int save_through(void __user *p)
{
	return save_to_user(p);
}

static int save_faulting(void __user *p)
{
	pagefault_enable();
	save_to_user(p);
	pagefault_disable();
	return 0;
}

int save_frame(void __user *p)
{
	int ret;

	spin_lock(&lock);
	pagefault_disable();
	ret = save_through(p);
	ret |= save_faulting(p);
	pagefault_enable();
	ret |= save_to_user(p);
	spin_unlock(&lock);
	return ret;
}
// CHECK: user-access-callee.c:39:9: warning: 'save_faulting()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: user-access-callee.c:36:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: user-access-callee.c:27:2: note: 'save_to_user()' called here may sleep
// CHECK: user-access-callee.c:15:2: note: 'might_fault()' may sleep here (a user access that may fault)
// CHECK: user-access-callee.c:41:9: warning: 'save_to_user()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: user-access-callee.c:36:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: user-access-callee.c:15:2: note: 'might_fault()' may sleep here (a user access that may fault)

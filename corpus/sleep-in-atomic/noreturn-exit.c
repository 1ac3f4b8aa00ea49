// A path that ends in a noreturn call (BUG_ON()'s BUG()) never returns to
// the caller, though the CFG ties it to the exit: restore_image() returns
// only after local_irq_enable() (resume_target_kernel() in 6.1 and 6.12),
// so hibernation_restore() resumes the console with IRQs on, and is not
// reported. quiesce() is: quiet_enter() returns with IRQs disabled.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/types.h>
#include <linux/bug.h>
#include <linux/irqflags.h>
#include <linux/mutex.h>

int arch_resume(void);

static struct mutex console_lock;

static void console_resume(void)
{
	mutex_lock(&console_lock);
	mutex_unlock(&console_lock);
}

static int restore_image(void)
{
	int error;

	local_irq_disable();
	error = arch_resume();
	BUG_ON(!error);
	local_irq_enable();
	return error;
}

int hibernation_restore(void)
{
	int error = restore_image();

	console_resume();
	return error;
}

static void quiet_enter(void)
{
	local_irq_disable();
}

void quiesce(void)
{
	quiet_enter();
	console_resume();
	local_irq_enable();
}
// CHECK: noreturn-exit.c:49:2: warning: 'console_resume()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: noreturn-exit.c:48:2: note: 'quiet_enter()' called here changes the preemption context
// CHECK: noreturn-exit.c:18:2: note: 'mutex_lock()' may sleep here

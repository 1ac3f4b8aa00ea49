// A callee whose exit context goes with the sign of what it returns: 6.1's
// and 6.12's try_to_grab_pending() returns 0 or 1 with IRQs saved off in
// *flags, and a negative error with them restored; __cancel_work_timer()
// sleeps only after `ret == -ENOENT` and leaves its loop on `ret >= 0`,
// IRQs still off. A test of a signed local's sign (`ret < 0`, `ret >= 0`,
// `ret == -E`, `ret != -E`) takes the callee's exits whose constant return
// has that sign.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/sched.h>

#define ENOENT 2
#define EAGAIN 11

struct work { int pending, canceling; };

static int grab_pending(struct work *w, unsigned long *flags)
{
	local_irq_save(*flags);
	if (!w->pending)
		return 0;
	if (w->pending > 1)
		return 1;
	local_irq_restore(*flags);
	if (w->canceling)
		return -ENOENT;
	return -EAGAIN;
}

int cancel_work(struct work *w)
{
	unsigned long flags;
	int ret;

	do {
		ret = grab_pending(w, &flags);
		if (ret == -ENOENT)
			msleep(1);
	} while (ret < 0);
	w->canceling = 1;
	local_irq_restore(flags);
	return ret;
}

int wait_canceling(struct work *w)
{
	unsigned long flags;
	int ret = grab_pending(w, &flags);

	if (ret != -ENOENT) {
		if (ret >= 0)
			local_irq_restore(flags);
		return ret;
	}
	msleep(1);
	return 0;
}

// Where the sign says IRQs are still off, the sleep is reported.
int grab_and_wait(struct work *w)
{
	unsigned long flags;
	int ret = grab_pending(w, &flags);

	if (ret >= 0)
		msleep(1);
	if (ret >= 0)
		local_irq_restore(flags);
	return ret;
}
// CHECK: return-sign.c:66:3: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: return-sign.c:63:12: note: 'grab_pending()' called here changes the preemption context

// A context predicate's branch is a condition on the context, not a context
// the code made: count_event() defers outside task context and returns
// either way, so setup(), entered in a context nothing in the run gives,
// may sleep after it; poll() tests in_nmi() itself. Neither is reported.
// An NMI handler that calls count_event() and sleeps is: the kernel model
// says the context is an NMI.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <asm/nmi.h>
#include <linux/mutex.h>
#include <linux/sched.h>

int in_task(void);
int in_nmi(void);
void defer_event(void);

static struct mutex m;
static int events;

static void count_event(void)
{
	if (!in_task()) {
		defer_event();
		return;
	}
	events++;
}

void setup(void)
{
	count_event();
	mutex_lock(&m);
	mutex_unlock(&m);
}

void poll(void)
{
	if (in_nmi())
		return;
	msleep(1);
}

static int watchdog_nmi(unsigned int cmd, struct pt_regs *regs)
{
	count_event();
	msleep(1);
	return 0;
}

int watchdog_init(void)
{
	return register_nmi_handler(0, watchdog_nmi, 0, "wd");
}
// CHECK: callee-predicate.c:45:2: warning: 'msleep()' may sleep, called where the context may be an NMI [sleep-in-atomic]
// CHECK: callee-predicate.c:51:9: note: 'watchdog_nmi' is an NMI handler: runs in NMI context

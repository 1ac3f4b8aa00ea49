// An NMI handler may never sleep.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <asm/nmi.h>
#include <linux/sched.h>

static int watchdog_nmi(unsigned int cmd, struct pt_regs *regs)
{
	cond_resched();
	return 0;
}

int watchdog_init(void)
{
	return register_nmi_handler(0, watchdog_nmi, 0, "wd");
}
// CHECK: nmi.c:8:2: warning: 'cond_resched()' may sleep, called where the context may be an NMI [sleep-in-atomic]
// CHECK: nmi.c:14:9: note: 'watchdog_nmi' is an NMI handler: runs in NMI context

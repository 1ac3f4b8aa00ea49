/* The targets' half of cross-file-ops.c: not a test by itself. */
#include <linux/irqflags.h>
#include "cross-file-ops.h"

static void native_shutdown(void)
{
	local_irq_disable();
}

static void native_restart(void)
{
	local_irq_disable();
}

static void quiet_restart(void)
{
}

struct machine_ops machine_ops = { .shutdown = native_shutdown,
				   .restart = native_restart };

void use_quiet_restart(void)
{
	machine_ops.restart = quiet_restart;
}

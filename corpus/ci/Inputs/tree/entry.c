/* The caller half of a chain across files: callee.c's access is reached
 * with IRQs on only through this entry. */
#include <linux/irqflags.h>

long entry_helper(long nr);

long do_syscall_64(long nr)
{
	local_irq_enable();
	return entry_helper(nr);
}

// The branch where irqs_disabled() held, and a predicate whose value is
// kept in a variable (WARN(in_interrupt(), ...)'s __ret_warn_on), are
// conditions on the context, not a context the code made: after the
// branches join, modify_bp() (modify_user_hw_breakpoint()) and free_line()
// (__free_irq()) sleep in whatever context their callers give, which
// nothing in the run makes atomic. Neither is reported. IRQs that
// reset_line() disabled itself stay disabled whatever irqs_disabled() says
// after: that sleep is reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/bug.h>
#include <linux/irqflags.h>
#include <linux/mutex.h>

/* As include/asm-generic/bug.h (6.1, 6.12); the kernel model's WARN_ON()
 * is a primitive of its own. */
#define WARN(condition, format...) ({ int __ret_warn_on = !!(condition); if (unlikely(__ret_warn_on)) __warn(__FILE__, __LINE__); unlikely(__ret_warn_on); })

int in_interrupt(void);
void disable_here(int *bp);
void disable_there(int *bp);

static struct mutex m;

void modify_bp(int *bp)
{
	if (irqs_disabled() && *bp)
		disable_here(bp);
	else
		disable_there(bp);
	mutex_lock(&m);
	mutex_unlock(&m);
}

void free_line(void)
{
	WARN(in_interrupt(), "freeing from IRQ context");
	mutex_lock(&m);
	mutex_unlock(&m);
}

void reset_line(int *bp)
{
	local_irq_disable();
	if (irqs_disabled())
		disable_here(bp);
	mutex_lock(&m);
	mutex_unlock(&m);
	local_irq_enable();
}
// CHECK: predicate-branches.c:46:2: warning: 'mutex_lock()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: predicate-branches.c:43:2: note: atomic region begun here by 'local_irq_disable()'

// An assertion says what the context is; it does not make it. After a
// callee that asserts IRQs off (lockdep_assert_irqs_disabled(),
// WARN_ON(!irqs_disabled())), its caller's IRQs are as its own code and
// context left them, as after an irqs_disabled() branch: 6.1's mm/slub.c
// __unfreeze_partials() reaches __cmpxchg_double_slab()'s assertion on a
// path with no lock taken (get_node() never NULL, which the engine does not
// know), and the asserted state left bootstrap() "with IRQs disabled", so
// that kmem_cache_init()'s next allocation was reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/lockdep.h>
#include <linux/sched.h>

static void count_locked(int *c)
{
	lockdep_assert_irqs_disabled();
	(*c)++;
}

static void count_warned(int *c)
{
	WARN_ON(!irqs_disabled());
	(*c)++;
}

int after_assert(int *c)
{
	count_locked(c);
	count_warned(c);
	msleep(1);
	return *c;
}

// Saved and restored after such a callee, IRQs are back to the context's
// own state, not off by the code (__unfreeze_partials() takes a lock with
// spin_lock_irqsave() after __cmpxchg_double_slab()'s assertion).
int save_after_assert(int *c)
{
	unsigned long flags;

	count_locked(c);
	local_irq_save(flags);
	(*c)++;
	local_irq_restore(flags);
	msleep(1);
	return *c;
}

// Saved and restored inside a function that asserts them off, IRQs are
// as asserted again, not off by its code: 6.1's rcu_cpu_starting() saves
// them on its WARN_ON_ONCE() path and rcu_report_qs_rnp() restores them,
// and rcu_init()'s next allocation was reported.
static void report_restoring(int *c, unsigned long flags)
{
	(*c)++;
	local_irq_restore(flags);
}

static void cpu_starting(int *c)
{
	lockdep_assert_irqs_disabled();
	if (*c) {
		unsigned long flags;

		local_irq_save(flags);
		report_restoring(c, flags);
	}
	(*c)++;
}

static void cpu_starting_locally(int *c)
{
	unsigned long flags;

	lockdep_assert_irqs_disabled();
	local_irq_save(flags);
	(*c)++;
	local_irq_restore(flags);
}

int after_starting(int *c)
{
	cpu_starting(c);
	msleep(1);
	return *c;
}

int after_starting_locally(int *c)
{
	cpu_starting_locally(c);
	msleep(1);
	return *c;
}

// Nor after a sleep of the caller's, which said only that IRQs were on
// (6.12's rcu_init(): rcutree_prepare_cpu(), then
// rcutree_report_cpu_starting()).
static void prepare(int *c)
{
	if (*c > 1)
		msleep(1);
}

int after_prepare_and_starting(int *c)
{
	prepare(c);
	cpu_starting(c);
	msleep(1);
	return *c;
}

// IRQs the caller disabled are off, whatever the callee asserts.
void really_off(int *c)
{
	local_irq_disable();
	count_locked(c);
	msleep(1);
	local_irq_enable();
}
// CHECK: asserted-callee.c:[[@LINE-3]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: asserted-callee.c:[[@LINE-6]]:2: note: atomic region begun here by 'local_irq_disable()'

// In the asserting function itself, the assertion is the author's word.
static void sleep_asserted(void)
{
	lockdep_assert_irqs_disabled();
	msleep(1);
}
// CHECK: asserted-callee.c:[[@LINE-2]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: asserted-callee.c:[[@LINE-4]]:2: note: atomic region begun here by 'lockdep_assert_irqs_disabled()'

void call_asserted(void)
{
	sleep_asserted();
}

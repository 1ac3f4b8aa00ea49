// The kernel's own rule: __might_resched() does not warn while
// system_state is SYSTEM_BOOTING or past SYSTEM_RUNNING (halt, power off,
// restart, suspend; kernel/sched/core.c, 6.1 and 6.12), where the other
// CPUs are stopped and tasks frozen. resume_target_kernel()
// (kernel/power/hibernate.c) disables IRQs, sets SYSTEM_SUSPEND and then
// calls code that allocates; a callee that sets the state passes it to its
// caller; start_kernel() runs under SYSTEM_BOOTING until rest_init() sets
// SYSTEM_SCHEDULING; an oops or panic prints under bust_spinlocks(1). A
// parameter stored is the caller's argument. What runs after a store of a
// running state, or of a value the model cannot read, is checked.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/sched.h>

enum system_states {
	SYSTEM_BOOTING,
	SYSTEM_SCHEDULING,
	SYSTEM_FREEING_INITMEM,
	SYSTEM_RUNNING,
	SYSTEM_HALT,
	SYSTEM_POWER_OFF,
	SYSTEM_RESTART,
	SYSTEM_SUSPEND,
} system_state;

static void arch_resume(void)
{
	msleep(1);
}

int resume_target(void)
{
	local_irq_disable();
	system_state = SYSTEM_SUSPEND;
	arch_resume();
	msleep(1);
	system_state = SYSTEM_RUNNING;
	msleep(1);
	local_irq_enable();
	return 0;
}
// CHECK: system-state.c:[[@LINE-4]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: system-state.c:[[@LINE-10]]:2: note: atomic region begun here by 'local_irq_disable()'

static void shutdown_prepare(void)
{
	system_state = SYSTEM_POWER_OFF;
}

void power_off(void)
{
	shutdown_prepare();
	local_irq_disable();
	msleep(1);
}

static void set_state(int state)
{
	system_state = state;
}

void restart(int state)
{
	set_state(state);
	local_irq_disable();
	msleep(1);
}
// CHECK: system-state.c:[[@LINE-2]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: system-state.c:[[@LINE-4]]:2: note: atomic region begun here by 'local_irq_disable()'

// A function of the file that stores its parameter on every path to its
// exit (kernel_shutdown_prepare() in kernel/reboot.c) stores what its
// caller passes; a caller that passes its own parameter on stores that.
static void shutdown_prepare_state(int state)
{
	msleep(1);
	system_state = state;
}

static void halt_prepare(int state)
{
	shutdown_prepare_state(state);
}

void power_off_through_param(void)
{
	shutdown_prepare_state(SYSTEM_POWER_OFF);
	local_irq_disable();
	msleep(1);
}

void halt(void)
{
	halt_prepare(SYSTEM_HALT);
	local_irq_disable();
	msleep(1);
}

// Nor does one the callee's own later store may override.
static void set_state_then_run(int state)
{
	system_state = state;
	system_state = SYSTEM_RUNNING;
}

void halt_then_run(void)
{
	set_state_then_run(SYSTEM_HALT);
	local_irq_disable();
	msleep(1);
}
// CHECK: system-state.c:[[@LINE-2]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: system-state.c:[[@LINE-4]]:2: note: atomic region begun here by 'local_irq_disable()'

// A store on some paths only tells the caller nothing.
static void maybe_set_state(int state, int really)
{
	if (really)
		system_state = state;
}

void maybe_halt(int really)
{
	maybe_set_state(SYSTEM_HALT, really);
	local_irq_disable();
	msleep(1);
}
// CHECK: system-state.c:[[@LINE-2]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: system-state.c:[[@LINE-4]]:2: note: atomic region begun here by 'local_irq_disable()'

static void setup_arch(void)
{
	msleep(1);
}

static void rest_init(void)
{
	system_state = SYSTEM_SCHEDULING;
	msleep(1);
}

// The call is where the boot context is atomic; the sleep checks are
// rest_init()'s to turn on.
void start_kernel(void)
{
	setup_arch();
	rest_init();
}
// CHECK: system-state.c:[[@LINE-2]]:2: warning: 'rest_init()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: system-state.c:[[@LINE-6]]:6: note: 'start_kernel' runs at boot before the first schedule(): preemption and IRQs disabled
// CHECK: system-state.c:[[@LINE-12]]:2: note: 'msleep()' may sleep here

// An oops or panic raises oops_in_progress with bust_spinlocks(1), which
// __might_resched() also tests, until bust_spinlocks(0).
void bust_spinlocks(int yes);

void oops_print(void)
{
	local_irq_disable();
	bust_spinlocks(1);
	msleep(1);
	bust_spinlocks(0);
	msleep(1);
	local_irq_enable();
}
// CHECK: system-state.c:[[@LINE-3]]:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: system-state.c:[[@LINE-8]]:2: note: atomic region begun here by 'local_irq_disable()'

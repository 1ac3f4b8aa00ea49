// x86's boot hooks run from start_kernel()'s late_time_init() (x86_late_
// time_init(), arch/x86/kernel/time.c, 6.1.170 and 6.12.117) under
// SYSTEM_BOOTING, where __might_resched() does not warn: hpet_time_init()
// allocating (x86_init.timers.timer_init) and check_timer() taking a mutex
// with IRQs disabled (x86_init.irqs.intr_mode_init, via
// apic_intr_mode_init()) are not reported, nor is the allocation of the
// architecture's setup_arch(), which start_kernel() calls with IRQs
// disabled (arm64's unmasks only Debug and SError first) in a run without
// init/main.c. The same locking in a CPU hotplug callback, which runs after
// boot, is.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/cpuhotplug.h>
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct x86_init_irqs {
	void (*intr_mode_select)(void);
	void (*intr_mode_init)(void);
};
struct x86_init_timers { void (*timer_init)(void); };
struct x86_init_ops {
	struct x86_init_irqs irqs;
	struct x86_init_timers timers;
};

static struct mutex vector_lock;
static void *timer_desc;

static void check_timer(void)
{
	local_irq_disable();
	mutex_lock(&vector_lock);
	mutex_unlock(&vector_lock);
	local_irq_enable();
}

static void apic_intr_mode_init(void)
{
	check_timer();
}

static void hpet_time_init(void)
{
	timer_desc = kmalloc(64, GFP_KERNEL);
}

struct x86_init_ops x86_init = {
	.irqs = { .intr_mode_init = apic_intr_mode_init },
	.timers = { .timer_init = hpet_time_init },
};

static int timer_starting_cpu(unsigned int cpu)
{
	local_irq_disable();
	mutex_lock(&vector_lock);
	mutex_unlock(&vector_lock);
	local_irq_enable();
	return 0;
}

void timer_hotplug_init(void)
{
	cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "timer", timer_starting_cpu, NULL);
}

static void *standard_resources;

static void request_standard_resources(void)
{
	standard_resources = kmalloc(64, GFP_KERNEL);
}

void setup_arch(char **cmdline_p)
{
	local_irq_disable();
	request_standard_resources();
}
// CHECK: boot-hooks.c:56:2: warning: 'mutex_lock()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: boot-hooks.c:55:2: note: atomic region begun here by 'local_irq_disable()'

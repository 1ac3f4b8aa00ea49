// start_kernel() runs before the init task's first schedule(): the initial
// preempt count holds preemption off, even where IRQs are enabled and
// registration code that may sleep is called. The same helper reached from
// a system call is preemptible. So are x86 boot hooks start_kernel() calls
// through x86_init; the init task is pinned until sched_init_smp().
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

static struct mutex pmus_lock;
void init_cpu_context(int cpu);

static void register_pmus(void)
{
	mutex_lock(&pmus_lock);
	mutex_unlock(&pmus_lock);
	init_cpu_context(smp_processor_id());
	// CHECK: boot.c:[[@LINE-1]]:19: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: boot.c:[[@LINE+34]]:1: note: '__do_sys_pmu_reload' is a system call body: task context, preemptible
	// CHECK: boot.c:[[@LINE+35]]:2: note: 'register_pmus' called here
	// CHECK: boot.c:[[@LINE-6]]:2: note: 'mutex_lock(&pmus_lock)' may sleep: preemption and IRQs are enabled here
}

static void init_idle_threads(void)
{
	mutex_lock(&pmus_lock);
	init_cpu_context(smp_processor_id());
	mutex_unlock(&pmus_lock);
}

void start_kernel(void)
{
	local_irq_disable();
	local_irq_enable();
	register_pmus();
	init_idle_threads();
}

// A Xen PV guest boots through xen_start_kernel() ("Interrupts are
// guaranteed to be off initially", 6.1 and 6.12), which reaches
// start_kernel() by x86_64_start_reservations(): the boot context again,
// not an unknown one.
static void x86_64_start_reservations(void)
{
	start_kernel();
}

void xen_start_kernel(void)
{
	x86_64_start_reservations();
}

SYSCALL_DEFINE0(pmu_reload)
{
	register_pmus();
	return 0;
}

// rest_init() pins kernel_init() to the boot CPU until sched_init_smp():
// what runs before is not migrated, what runs after may be.
void sched_init_smp(void);

static void online_cpus(void)
{
	mutex_lock(&pmus_lock);
	init_cpu_context(smp_processor_id());
	// CHECK: boot.c:[[@LINE-1]]:19: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: boot.c:[[@LINE+15]]:5: note: 'kernel_init' is the init task, pinned to the boot CPU by rest_init() until sched_init_smp()
	// CHECK: boot.c:[[@LINE+16]]:2: note: 'kernel_init_freeable' called here
	// CHECK: boot.c:[[@LINE+8]]:2: note: 'init_idle_threads()' called here may sleep: preemption and IRQs are enabled
	// CHECK: boot.c:[[@LINE+9]]:2: note: 'online_cpus' called here
	// CHECK: boot.c:[[@LINE-7]]:2: note: 'mutex_lock(&pmus_lock)' may sleep: preemption and IRQs are enabled here
	mutex_unlock(&pmus_lock);
}

static void kernel_init_freeable(void)
{
	init_idle_threads();
	sched_init_smp();
	online_cpus();
}

int kernel_init(void *unused)
{
	kernel_init_freeable();
	return 0;
}

// start_kernel() calls x86_init.timers.timer_init() before its first
// schedule().
struct x86_init_timers { void (*timer_init)(void); };
struct x86_init_ops { struct x86_init_timers timers; };

static void register_clockevents(void)
{
	mutex_lock(&pmus_lock);
	init_cpu_context(smp_processor_id());
	mutex_unlock(&pmus_lock);
}

static void hpet_time_init(void)
{
	register_clockevents();
}

struct x86_init_ops x86_init = {
	.timers = { .timer_init = hpet_time_init },
};

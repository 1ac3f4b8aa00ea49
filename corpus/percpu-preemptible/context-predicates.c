// A branch on a context predicate decides the context of its edges:
// printk's caller id reads smp_processor_id() only where in_task() is false.
// The predicate's value stored, or the task-context edge, decide nothing.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

int __preempt_count_read(void);
#define preempt_count() __preempt_count_read()
#define in_task() (!(preempt_count() & 0x1fff00))
#define in_interrupt() (preempt_count() & 0x1fff00)
#define unlikely(x) __builtin_expect(!!(x), 0)

DEFINE_PER_CPU(int, hits);

int caller_id(void)
{
	might_sleep();
	return in_task() ? 1 : 0x80000000 + smp_processor_id();
}

void count_from_irq(void)
{
	might_sleep();
	if (unlikely(in_interrupt()))
		__this_cpu_inc(hits);
}

// The last test of `a && b` decides the branch on its own edge.
static void count_unless_task(void)
{
	if (in_task() && !irqs_disabled())
		return;
	__this_cpu_inc(hits);
}

void count_caller(void)
{
	might_sleep();
	count_unless_task();
}

void task_edge(void)
{
	might_sleep();
	if (in_task())
		__this_cpu_inc(hits);
	// CHECK: context-predicates.c:[[@LINE-1]]:3: warning: per-CPU read-modify-write '__this_cpu_inc(hits)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: context-predicates.c:[[@LINE-4]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
}

void stored(void)
{
	int atomic;

	might_sleep();
	atomic = in_interrupt();
	__this_cpu_inc(hits);
	// CHECK: context-predicates.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(hits)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: context-predicates.c:[[@LINE-4]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	if (atomic)
		return;
}

// A predicate's value kept in a variable splits the paths where it is
// evaluated: kernel_text_address() calls ct_nmi_enter() only `if (no_rcu)`,
// and RCU stops watching only where preemption is off.
int rcu_is_watching(void);

static void nmi_enter(void)
{
	__this_cpu_inc(hits);
}

int text_address(void)
{
	int no_rcu;

	might_sleep();
	no_rcu = !rcu_is_watching();
	if (no_rcu)
		nmi_enter();
	return 0;
}

// The kernel's irqs_disabled() is a statement expression: its expansion
// begins blocks before the branch that tests its value.
#undef irqs_disabled
unsigned long arch_local_save_flags(void);
#define irqs_disabled() ({ unsigned long _flags; \
	do { _flags = arch_local_save_flags(); } while (0); \
	arch_irqs_disabled(); })

static void alloc_skb(void)
{
	if (in_interrupt() || irqs_disabled())
		__this_cpu_inc(hits);
}

SYSCALL_DEFINE0(alloc)
{
	alloc_skb();
	return 0;
}

// Predicates combined before they are kept: netif_rx() disables BH only
// when `need_bh_off`, that is outside hard and soft IRQs.
#define hardirq_count() (preempt_count() & 0xf0000)
#define softirq_count() (preempt_count() & 0xff00)

static void rx_internal(void)
{
	__this_cpu_inc(hits);
}

int netif_rx(void)
{
	int need_bh_off = !(hardirq_count() | softirq_count());

	might_sleep();
	if (need_bh_off)
		local_bh_disable();
	rx_internal();
	if (need_bh_off)
		local_bh_enable();
	return 0;
}

/* Something reads 'hits' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int hits_decides(void)
{
	return raw_cpu_read(hits);
}

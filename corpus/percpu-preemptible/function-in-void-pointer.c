// A function kept in a local 'void *' before it is registered: 6.1's
// start_kthread() (kernel/trace/trace_osnoise.c) writes 'void *main =
// osnoise_main;', then 'main = timerlat_main;' under a condition, and
// passes 'main' to kthread_run_on_cpu(). The variable is followed as a
// function pointer: every function stored in it is registered. A 'void *'
// that holds data, or whose address is taken, is not followed. (A threaded
// IRQ handler here: a bound kthread's function may use per-CPU data
// anyway, so registering it would show nothing.)
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/interrupt.h>
#include <linux/percpu.h>
#include <linux/types.h>

DEFINE_PER_CPU(int, samples);
extern bool use_timer;

static irqreturn_t sample_thread(int irq, void *dev)
{
	raw_cpu_write(samples, 0);
	// CHECK: function-in-void-pointer.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(samples)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: function-in-void-pointer.c:[[@LINE+14]]:17: note: 'sample_thread' is a threaded IRQ handler: runs in an IRQ thread, preemptible
	return 0;
}

static irqreturn_t timer_thread(int irq, void *dev)
{
	raw_cpu_write(samples, 1);
	// CHECK: function-in-void-pointer.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(samples)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: function-in-void-pointer.c:[[@LINE+9]]:12: note: 'timer_thread' is a threaded IRQ handler: runs in an IRQ thread, preemptible
	return 0;
}

int start_sampling(struct device *dev, unsigned int irq)
{
	void *thread = sample_thread;

	if (use_timer)
		thread = timer_thread;
	return devm_request_threaded_irq(dev, irq, NULL, thread, 0, "sample",
					 NULL);
}

/* Whatever 'thread' holds is data to the analysis: not followed. */
static irqreturn_t table_thread(int irq, void *dev)
{
	raw_cpu_write(samples, 2);
	return 0;
}

void *table_entry = table_thread;

int start_from_table(struct device *dev, unsigned int irq, void **table)
{
	void *thread = table[0];

	return devm_request_threaded_irq(dev, irq, NULL, thread, 0, "table",
					 NULL);
}

/* Its address is taken: anything may be stored there, and the slot is open
 * (an open slot still registers what it is seen to hold). */
static irqreturn_t escaped_thread(int irq, void *dev)
{
	raw_cpu_write(samples, 3);
	// CHECK: function-in-void-pointer.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(samples)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: function-in-void-pointer.c:[[@LINE+8]]:17: note: 'escaped_thread' is a threaded IRQ handler: runs in an IRQ thread, preemptible
	return 0;
}

void fill(void **slot);

int start_escaped(struct device *dev, unsigned int irq)
{
	void *thread = escaped_thread;

	fill(&thread);
	return devm_request_threaded_irq(dev, irq, NULL, thread, 0, "escaped",
					 NULL);
}

int samples_now(void)
{
	return raw_cpu_read(samples);
}

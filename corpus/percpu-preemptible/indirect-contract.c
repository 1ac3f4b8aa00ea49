// A call through a field whose documented contract the kernel model states
// does what the contract says, whichever function the run stores there (6.12
// has none for 'struct console.device_lock'): nbcon's printing thread holds
// the device lock, so the CPU number it reads stays valid until it releases
// it, and only a raw_cpu_*() read-modify-write there is reported (the
// kernel's rule accepts __this_cpu_*() in a pinned task).
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/console.h>
#include <linux/kthread.h>
#include <linux/percpu.h>
#include <linux/smp.h>

DEFINE_PER_CPU(long, emitted);
static unsigned int owner_cpu;

static void emit_one(struct console *con)
{
	unsigned long flags;

	con->device_lock(con, &flags);
	owner_cpu = smp_processor_id();
	__this_cpu_inc(emitted);
	raw_cpu_inc(emitted);
	// CHECK: indirect-contract.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(emitted)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// CHECK: indirect-contract.c:[[@LINE+21]]:2: note: 'printing_thread' is a kthread function: task context, preemptible
	// CHECK: indirect-contract.c:[[@LINE+14]]:2: note: 'emit_one' called here
	con->device_unlock(con, flags);
	owner_cpu = smp_processor_id();
	// CHECK: indirect-contract.c:[[@LINE-1]]:14: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: indirect-contract.c:[[@LINE+16]]:2: note: 'printing_thread' is a kthread function: task context, preemptible
	// CHECK: indirect-contract.c:[[@LINE+9]]:2: note: 'emit_one' called here
	// CHECK: indirect-contract.c:[[@LINE-4]]:14: note: wrong-cpu-state: the CPU number read here stands for this CPU's state
	// CHECK: indirect-contract.c:[[@LINE-5]]:2: note: it is stored here, in 'emit_one': the object keeps it as this CPU's
}

static struct console the_console;

static int printing_thread(void *data)
{
	emit_one(&the_console);
	return 0;
}

void start_printing(void)
{
	kthread_run(printing_thread, NULL, "printk");
}

/* Something reads 'emitted' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int emitted_decides(void)
{
	return raw_cpu_read(emitted);
}

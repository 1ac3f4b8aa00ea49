// On x86 the syscall entry runs with IRQs disabled: accesses before
// local_irq_enable() are safe, after it they are not, and the note says where
// IRQs came on.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/irqflags.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(u32, entry_count);
long dispatch(long nr);

long do_syscall_64(long nr)
{
	long ret;

	raw_cpu_write(entry_count, raw_cpu_read(entry_count) + 1);
	local_irq_enable();
	ret = dispatch(nr);
	local_irq_disable();
	raw_cpu_write(entry_count, 0);
	local_irq_enable();
	return ret + raw_cpu_read(entry_count);
	// CHECK: irq-enable.c:[[@LINE-1]]:15: warning: per-CPU read 'raw_cpu_read(entry_count)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: irq-enable.c:[[@LINE-12]]:6: note: 'do_syscall_64' is entered from user mode in task context with IRQs disabled (syscall entry)
	// CHECK: irq-enable.c:[[@LINE-4]]:2: note: IRQs enabled here by 'local_irq_enable()'
}

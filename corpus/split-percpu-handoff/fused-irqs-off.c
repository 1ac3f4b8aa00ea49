// Consume and refill fused in one IRQs-off region at entry: no window for a
// migration between them. Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/irqflags.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(u32, entry_offset);
u32 get_random_u32(void);
long dispatch(long nr);

long do_syscall_64(long nr)
{
	unsigned long flags;
	u32 offset;
	u8 *p;

	local_irq_save(flags);
	offset = __this_cpu_read(entry_offset);
	p = __builtin_alloca(offset & 0x3F0);
	__this_cpu_write(entry_offset, offset ^ get_random_u32());
	local_irq_restore(flags);
	asm volatile("" :: "r"(p) : "memory");
	return dispatch(nr);
}

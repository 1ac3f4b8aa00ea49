/* x86's syscall entry, reduced: entered with IRQs off, so the per-CPU
 * update below cannot be preempted. */
#include <linux/irqflags.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(u32, entry_count);
long dispatch(long nr);

long do_syscall_64(long nr)
{
	long ret;

	local_irq_enable();
	raw_cpu_inc(entry_count);
	ret = dispatch(nr);
	return ret;
}

/* Reads entry_count for a decision, so the update above is a warning
 * (consequence unknown), not a lost update. Nothing calls it, and nothing
 * in it says its context: not reported. */
int entry_count_seen(void)
{
	return raw_cpu_read(entry_count) != 0;
}

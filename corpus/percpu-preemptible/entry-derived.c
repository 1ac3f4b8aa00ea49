// Contexts come from where the hardware enters C (the kernel model's entry
// points) and are derived from the code below: 6.12's el0_svc() unmasks IRQs
// before do_el0_svc(), 6.1's el0_svc_common() after; both are read as they are.
// RUN: not %kharden check %s -- %kflags -DV612 | FileCheck %s --check-prefix=V612 %strict
// Without the vector handler in the run, nothing says how do_el0_svc() is
// entered: no finding (kharden extract names the file that would decide).
// RUN: %kharden check %s -- %kflags -DALONE | FileCheck %s --allow-empty --check-prefix=ALONE %strict
// ALONE-NOT: warning
// Entered from kernel mode (el1h) or through an x86 interrupt gate, the
// interrupted context decides preemption: an IRQ enable alone proves nothing.
// RUN: %kharden check %s -- %kflags -DFROM_KERNEL | FileCheck %s --allow-empty --check-prefix=KERNEL %strict
// KERNEL-NOT: warning
#include <asm/daifflags.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/smp.h>

DEFINE_PER_CPU(u32, last_nr);

static void invoke_syscall(unsigned int scno)
{
	raw_cpu_write(last_nr, scno);
	// V612: entry-derived.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(last_nr)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// V612: entry-derived.c:[[@LINE+19]]:6: note: 'el0t_64_sync_handler' is entered from user mode by the exception vector, with IRQs masked
	// V612: entry-derived.c:[[@LINE+20]]:2: note: 'el0_svc' called here
	// V612: entry-derived.c:[[@LINE+13]]:2: note: IRQs enabled here by 'local_daif_restore(DAIF_PROCCTX)'
	// V612: entry-derived.c:[[@LINE+13]]:2: note: 'do_el0_svc' called here
	// V612: entry-derived.c:[[@LINE+5]]:2: note: 'invoke_syscall' called here
}

void do_el0_svc(unsigned int scno)
{
	invoke_syscall(scno);
}

#if defined(V612)
static void el0_svc(unsigned int scno)
{
	local_daif_restore(DAIF_PROCCTX);
	do_el0_svc(scno);
}

void el0t_64_sync_handler(unsigned int scno)
{
	el0_svc(scno);
}
#elif defined(FROM_KERNEL)
static void el1_dbg(unsigned int nr)
{
	local_daif_restore(DAIF_PROCCTX);
	raw_cpu_write(last_nr, nr);
}

void el1h_64_sync_handler(unsigned int nr)
{
	el1_dbg(nr);
}

void exc_page_fault(unsigned int nr)
{
	local_irq_enable();
	raw_cpu_write(last_nr, smp_processor_id());
}
#endif

/* Something reads 'last_nr' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int last_nr_decides(void)
{
	return raw_cpu_read(last_nr);
}

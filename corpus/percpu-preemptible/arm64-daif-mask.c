// The same accesses with DAIF masked (local_daif_mask(), or a restore that
// keeps IRQs masked) are not reported.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <asm/daifflags.h>
#include <linux/randomize_kstack.h>

static void invoke_syscall(void)
{
	add_random_kstack_offset();
	choose_random_kstack_offset(get_random_u16());
}

void do_el0_svc(void)
{
	local_daif_restore(DAIF_PROCCTX_NOIRQ);
	invoke_syscall();
	local_daif_restore(DAIF_PROCCTX);
	local_daif_mask();
	invoke_syscall();
}

// arm64 (v5.13 .. early 2026): the stack offset is consumed at syscall entry
// and refilled at syscall exit, both with preemption enabled.
// RUN: not %kharden check --checks=split-percpu-handoff %s -- %kflags | FileCheck %s %strict
#include <asm/daifflags.h>
#include <linux/randomize_kstack.h>

long dispatch(unsigned int scno);

static void invoke_syscall(unsigned int scno)
{
	add_random_kstack_offset();
	dispatch(scno);
	choose_random_kstack_offset(get_random_u16());
}

void do_el0_svc(unsigned int scno)
{
	local_daif_restore(DAIF_PROCCTX);
	invoke_syscall(scno);
}

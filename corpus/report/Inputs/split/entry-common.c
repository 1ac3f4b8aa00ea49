/* 6.12's arm64 syscall path, entry-common.c's half: el0_svc() unmasks IRQs
 * before do_el0_svc(). */
#include <asm/daifflags.h>

void do_el0_svc(unsigned int scno);

static void el0_svc(unsigned int scno)
{
	local_daif_restore(DAIF_PROCCTX);
	do_el0_svc(scno);
}

void el0t_64_sync_handler(unsigned int scno)
{
	el0_svc(scno);
}

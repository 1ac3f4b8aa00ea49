/*
 * The shape of arm64's syscall path before the early-2026 fix, written for
 * kharden's bundled example (not kernel source): the exception vector enters
 * el0t_64_sync_handler() from user mode with IRQs masked (where the kernel
 * model's facts sit); el0_svc() calls do_el0_svc(); el0_svc_common() unmasks
 * them with
 * local_daif_restore(DAIF_PROCCTX) and calls invoke_syscall(), which
 * consumes the per-CPU stack offset at entry and refills it at exit, both
 * with raw_cpu_*() and preemption enabled.
 *
 *   kharden check corpus/examples/arm64-syscall.c -- -I corpus/include
 */
#include <asm/daifflags.h>
#include <linux/randomize_kstack.h>

typedef long (*syscall_fn_t)(void *regs);

static long __invoke_syscall(void *regs, syscall_fn_t fn)
{
	return fn(regs);
}

static void invoke_syscall(void *regs, unsigned int scno, unsigned int sc_nr,
			   const syscall_fn_t table[])
{
	long ret = -38;

	add_random_kstack_offset();
	if (scno < sc_nr)
		ret = __invoke_syscall(regs, table[scno]);
	(void)ret;
	choose_random_kstack_offset(get_random_u16());
}

static void el0_svc_common(void *regs, int scno, int sc_nr,
			   const syscall_fn_t table[])
{
	local_daif_restore(DAIF_PROCCTX);
	invoke_syscall(regs, scno, sc_nr, table);
	local_daif_mask();
}

extern const syscall_fn_t sys_call_table[];

void do_el0_svc(void *regs)
{
	el0_svc_common(regs, 0, 450, sys_call_table);
}

static void el0_svc(void *regs)
{
	do_el0_svc(regs);
}

void el0t_64_sync_handler(void *regs)
{
	el0_svc(regs);
}

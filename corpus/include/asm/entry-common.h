#ifndef _ASM_X86_ENTRY_COMMON_H
#define _ASM_X86_ENTRY_COMMON_H
/* The shape of x86's arch/x86/include/asm/entry-common.h in v5.13..v6.9:
 * the stack offset is refilled on every exit to user mode. */
#include <linux/randomize_kstack.h>
static inline u64 rdtsc(void) { u64 v; __asm__ __volatile__("rdtsc" : "=A"(v)); return v; }
static inline void arch_exit_to_user_mode_prepare(void *regs, unsigned long ti_work)
{
	choose_random_kstack_offset(rdtsc() & 0xFF);
}
#endif

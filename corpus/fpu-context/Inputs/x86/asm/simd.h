#ifndef _ASM_X86_SIMD_H
#define _ASM_X86_SIMD_H
#include <asm/fpu/api.h>
static inline bool may_use_simd(void)
{
	return irq_fpu_usable();
}
#endif

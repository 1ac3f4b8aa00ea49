#ifndef _ASM_ARM64_SIMD_H
#define _ASM_ARM64_SIMD_H
/* arch/arm64/include/asm/simd.h: false in hard IRQ, NMI, with IRQs off. */
#include <linux/types.h>
bool arm64_simd_usable(void);
static inline bool may_use_simd(void)
{
	return arm64_simd_usable();
}
#endif

#ifndef _ASM_ARM64_NEON_H
#define _ASM_ARM64_NEON_H
/* arm64 kernel-mode NEON, as arch/arm64/include/asm/neon.h declares it. */
void kernel_neon_begin(void);
void kernel_neon_end(void);
#endif

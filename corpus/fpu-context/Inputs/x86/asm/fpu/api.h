#ifndef _ASM_X86_FPU_API_H
#define _ASM_X86_FPU_API_H
/* x86 kernel FPU use, as arch/x86/include/asm/fpu/api.h declares it (6.1,
 * 6.12): kernel_fpu_begin() is kernel_fpu_begin_mask() with the x86_64 mask. */
#include <linux/types.h>
#define KFPU_387	1
#define KFPU_MXCSR	2
void kernel_fpu_begin_mask(unsigned int kfpu_mask);
void kernel_fpu_end(void);
bool irq_fpu_usable(void);
static inline void kernel_fpu_begin(void)
{
	kernel_fpu_begin_mask(KFPU_MXCSR);
}
#endif

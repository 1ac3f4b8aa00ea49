#ifndef __ASM_DAIFFLAGS_H
#define __ASM_DAIFFLAGS_H
/* arm64 DAIF masks as in arch/arm64/include/asm/daifflags.h. */
#define PSR_I_BIT 0x00000080
#define PSR_F_BIT 0x00000040
#define DAIF_PROCCTX 0
#define DAIF_PROCCTX_NOIRQ (PSR_I_BIT | PSR_F_BIT)
#define DAIF_MASK (0x3c0)
static inline void local_daif_mask(void) { __asm__ __volatile__("msr daifset, #0xf" ::: "memory"); }
static inline unsigned long local_daif_save_flags(void) { unsigned long f; __asm__ __volatile__("mrs %0, daif" : "=r"(f)); return f; }
static inline unsigned long local_daif_save(void) { unsigned long f = local_daif_save_flags(); local_daif_mask(); return f; }
static inline void local_daif_restore(unsigned long flags) { __asm__ __volatile__("msr daif, %0" :: "r"(flags) : "memory"); }
struct pt_regs;
unsigned long regs_pstate(struct pt_regs *regs);
static inline void local_daif_inherit(struct pt_regs *regs) { __asm__ __volatile__("msr daif, %0" :: "r"(regs_pstate(regs) & DAIF_MASK) : "memory"); }
#endif

#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H
#include <linux/types.h>
static inline void arch_local_irq_disable(void) { __asm__ __volatile__("cli" ::: "memory"); }
static inline void arch_local_irq_enable(void) { __asm__ __volatile__("sti" ::: "memory"); }
static inline unsigned long arch_local_irq_save(void) { unsigned long f; __asm__ __volatile__("pushf; pop %0; cli" : "=r"(f) :: "memory"); return f; }
static inline void arch_local_irq_restore(unsigned long f) { __asm__ __volatile__("push %0; popf" :: "r"(f) : "memory"); }
static inline int arch_irqs_disabled(void) { return 0; }
#define raw_local_irq_disable() arch_local_irq_disable()
#define raw_local_irq_enable() arch_local_irq_enable()
#define raw_local_irq_save(flags) do { flags = arch_local_irq_save(); } while (0)
#define raw_local_irq_restore(flags) do { arch_local_irq_restore(flags); } while (0)
#define local_irq_disable() do { raw_local_irq_disable(); } while (0)
#define local_irq_enable() do { raw_local_irq_enable(); } while (0)
#define local_irq_save(flags) do { raw_local_irq_save(flags); } while (0)
#define local_irq_restore(flags) do { raw_local_irq_restore(flags); } while (0)
#define irqs_disabled() arch_irqs_disabled()
#endif

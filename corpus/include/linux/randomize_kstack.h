#ifndef _LINUX_RANDOMIZE_KSTACK_H
#define _LINUX_RANDOMIZE_KSTACK_H
/* As in v5.13..v6.1.170 (per-CPU offset, raw_cpu_*), minus the static key. */
#include <linux/percpu.h>
DECLARE_PER_CPU(u32, kstack_offset);
#define KSTACK_OFFSET_MAX(x) ((x) & 0x3FF)
static inline u32 ror32(u32 word, unsigned int shift) { return (word >> (shift & 31)) | (word << ((-shift) & 31)); }
#define add_random_kstack_offset() do {					\
		u32 offset = raw_cpu_read(kstack_offset);		\
		u8 *ptr = __builtin_alloca(KSTACK_OFFSET_MAX(offset));	\
		asm volatile("" :: "r"(ptr) : "memory");		\
} while (0)
#define choose_random_kstack_offset(rand) do {				\
		u32 offset = raw_cpu_read(kstack_offset);		\
		offset = ror32(offset, 5) ^ (rand);			\
		raw_cpu_write(kstack_offset, offset);			\
} while (0)
u16 get_random_u16(void);
#endif

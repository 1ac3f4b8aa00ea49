/* 6.12's arm64 syscall path, syscall.c's half: nothing here unmasks IRQs. */
#include <linux/sched.h>
#include <linux/types.h>

#define KSTACK_OFFSET_MAX(x) ((x) & 0b1111110000)
static inline u32 ror32(u32 w, unsigned int s) { return (w >> (s & 31)) | (w << ((-s) & 31)); }
u16 get_random_u16(void);
#define add_random_kstack_offset() do {					\
		u32 offset = current->kstack_offset;			\
		u8 *ptr = __builtin_alloca(KSTACK_OFFSET_MAX(offset));	\
		asm volatile("" :: "r"(ptr) : "memory");		\
} while (0)
#define choose_random_kstack_offset(rand) do {				\
		u32 offset = current->kstack_offset;			\
		offset = ror32(offset, 5) ^ (rand);			\
		current->kstack_offset = offset;			\
} while (0)

long dispatch(unsigned int scno);

static void invoke_syscall(unsigned int scno)
{
	add_random_kstack_offset();
	dispatch(scno);
	choose_random_kstack_offset(get_random_u16());
}

void do_el0_svc(unsigned int scno)
{
	invoke_syscall(scno);
}

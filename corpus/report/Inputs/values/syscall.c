/* Stack-offset macros whose constants only clang's evaluator reads: 6.12's
 * binary literal, GENMASK(), sizeof arithmetic (VARIANT 0..2), and ones no
 * evaluator can read (VARIANT 3: a variable mask and rotation). */
#include <asm/daifflags.h>
#include <linux/sched.h>
#include <linux/types.h>

#define GENMASK(h, l) (((~0UL) - (1UL << (l)) + 1) & (~0UL >> (63 - (h))))
#define BITS_PER_BYTE 8
#if VARIANT == 0
#define KSTACK_OFFSET_MAX(x) ((x) & 0b1111110000)
#define ROTATE 5
#define RANDOM() (get_random_u16() & 0x1FF)
#elif VARIANT == 1
#define KSTACK_OFFSET_MAX(x) ((x) & GENMASK(9, 4))
#define ROTATE (sizeof(u32) + 1)
#define RANDOM() get_random_u16()
#elif VARIANT == 2
#define KSTACK_OFFSET_MAX(x) (((1U << (sizeof(u16) * BITS_PER_BYTE - 6)) - 1) & (x))
#define ROTATE (2 * 3 - 1)
#define RANDOM() (get_random_u16() & GENMASK(8, 0))
#else
extern u32 kstack_mask;
extern unsigned int kstack_rotate;
#define KSTACK_OFFSET_MAX(x) ((x) & kstack_mask)
#define ROTATE kstack_rotate
#define RANDOM() get_random_u16()
#endif
static inline u32 ror32(u32 w, unsigned int s) { return (w >> (s & 31)) | (w << ((-s) & 31)); }
u16 get_random_u16(void);
#define add_random_kstack_offset() do {					\
		u32 offset = current->kstack_offset;			\
		u8 *ptr = __builtin_alloca(KSTACK_OFFSET_MAX(offset));	\
		asm volatile("" :: "r"(ptr) : "memory");		\
} while (0)
#define choose_random_kstack_offset(rand) do {				\
		u32 offset = current->kstack_offset;			\
		offset = ror32(offset, ROTATE) ^ (rand);		\
		current->kstack_offset = offset;			\
} while (0)

long dispatch(unsigned int scno);

static void invoke_syscall(unsigned int scno)
{
	add_random_kstack_offset();
	dispatch(scno);
	choose_random_kstack_offset(RANDOM());
}

void do_el0_svc(unsigned int scno)
{
	local_daif_restore(DAIF_PROCCTX);
	invoke_syscall(scno);
}

/* The exception vector's C handler: where the hardware enters. */
void el0t_64_sync_handler(unsigned int scno)
{
	do_el0_svc(scno);
}

/* A per-task stack offset, refilled from get_random_u16(): the base tree. */
#include <asm/daifflags.h>
#include <linux/sched.h>
#include <linux/types.h>

#define KSTACK_OFFSET_MAX(x) ((x) & 0x3FF)
static inline u32 ror32(u32 w, unsigned int s) { return (w >> (s & 31)) | (w << ((-s) & 31)); }
u16 get_random_u16(void);
u8 get_random_u8(void);
u32 my_entropy(void);
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
	choose_random_kstack_offset(my_entropy());
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

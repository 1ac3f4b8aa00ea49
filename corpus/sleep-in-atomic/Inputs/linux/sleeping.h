#ifndef _SLEEP_CORPUS_SLEEPING_H
#define _SLEEP_CORPUS_SLEEPING_H
/* What sleep-in-atomic's cases use besides corpus/include, declared as the
 * kernel declares it (include/linux/rcupdate.h, kernel.h, gfp.h,
 * completion.h; arch/x86/include/asm/fpu/api.h). */
#include <linux/sched.h>
#include <linux/slab.h>
void rcu_read_lock(void);
void rcu_read_unlock(void);
void synchronize_rcu(void);
struct completion { int done; };
void wait_for_completion(struct completion *x);
static inline int gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}
void kernel_fpu_begin(void);
void kernel_fpu_end(void);
#endif

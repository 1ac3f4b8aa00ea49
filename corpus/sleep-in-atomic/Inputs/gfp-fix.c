/* 6.12's kmalloc_fix_flags() (mm/slab_common.c): its caller's flags with
 * the slab bug bits cleared; and a fix that forces blocking. */
#include <linux/sleeping.h>

#define GFP_SLAB_BUG_MASK 0x3u

gfp_t kmalloc_fix_flags(gfp_t flags)
{
	flags &= ~GFP_SLAB_BUG_MASK;
	return flags;
}

gfp_t blocking_fix_flags(gfp_t flags)
{
	return flags | __GFP_DIRECT_RECLAIM;
}

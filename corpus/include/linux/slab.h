#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H
typedef unsigned int gfp_t;
#define __GFP_DIRECT_RECLAIM 0x400u
#define __GFP_IO 0x40u
#define __GFP_FS 0x80u
#define __GFP_HIGH 0x20u
#define GFP_KERNEL (__GFP_DIRECT_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_ATOMIC (__GFP_HIGH)
void *__kmalloc(unsigned long size, gfp_t flags);
static inline void *kmalloc(unsigned long size, gfp_t flags) { return __kmalloc(size, flags); }
static inline void *kzalloc(unsigned long size, gfp_t flags) { return __kmalloc(size, flags); }
void kfree(const void *p);
/* The NUMA node an allocation prefers, and falls back from. */
void *kmalloc_node(unsigned long size, gfp_t flags, int node);
struct page;
struct page *alloc_pages_node(int nid, gfp_t gfp_mask, unsigned int order);
#endif

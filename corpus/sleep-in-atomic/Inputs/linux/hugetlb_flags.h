#ifndef _SLEEP_CORPUS_HUGETLB_FLAGS_H
#define _SLEEP_CORPUS_HUGETLB_FLAGS_H
/* test_bit() as 6.1.170's and 6.12.117's include/linux/bitops.h and
 * include/asm-generic/bitops/ define it (x86's arch_test_bit() ends in
 * inline assembly), and include/linux/hugetlb.h's HPAGEFLAG() tests of
 * page->private. */
#include <linux/types.h>
typedef unsigned long uintptr_t;
static inline bool arch_test_bit(unsigned long nr, const volatile unsigned long *addr)
{
	bool oldbit;
	__asm__ __volatile__("" : "=r" (oldbit) : "m" (*(unsigned long *)addr), "r" (nr) : "memory");
	return oldbit;
}
static inline bool _test_bit(unsigned long nr, const volatile unsigned long *addr)
{
	return arch_test_bit(nr, addr);
}
static inline bool const_test_bit(unsigned long nr, const volatile unsigned long *addr)
{
	const unsigned long *p = (const unsigned long *)addr + nr / 64;
	unsigned long mask = 1UL << (nr % 64);
	unsigned long val = *p;
	return !!(val & mask);
}
#define bitop(op, nr, addr) \
	((__builtin_constant_p(nr) && \
	  __builtin_constant_p((uintptr_t)(addr) != (uintptr_t)NULL) && \
	  (uintptr_t)(addr) != (uintptr_t)NULL && \
	  __builtin_constant_p(*(const unsigned long *)(addr))) ? \
	 const##op(nr, addr) : op(nr, addr))
#define test_bit(nr, addr) bitop(_test_bit, nr, addr)

enum hugetlb_page_flags {
	HPG_restore_reserve = 0,
	HPG_migratable,
	HPG_temporary,
	HPG_freed,
	HPG_vmemmap_optimized,
	HPG_raw_hwp_unreliable,
};
struct page {
	unsigned long flags;
	unsigned long private;
};
static inline int HPageVmemmapOptimized(struct page *page)
{
	return test_bit(HPG_vmemmap_optimized, &(page->private));
}
static inline int HPageRawHwpUnreliable(struct page *page)
{
	return test_bit(HPG_raw_hwp_unreliable, &(page->private));
}
#endif

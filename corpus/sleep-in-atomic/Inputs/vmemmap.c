#include <linux/hugetlb_flags.h>
#include <linux/slab.h>
/* mm/hugetlb_vmemmap.c's hugetlb_vmemmap_restore(): only a page whose
 * vmemmap was optimized needs its pages back. */
int hugetlb_vmemmap_restore(struct page *head)
{
	if (!HPageVmemmapOptimized(head))
		return 0;
	if (!kmalloc(64, GFP_KERNEL))
		return -12;
	head->private &= ~(1UL << HPG_vmemmap_optimized);
	return 0;
}

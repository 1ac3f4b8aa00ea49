// One bit of a page's flags tested in a caller and again in its callee, in
// another file: mm/hugetlb.c's update_and_free_page() frees at once only
// `if (!HPageVmemmapOptimized(page) || !atomic)` and defers the others,
// and hugetlb_vmemmap_restore() allocates with GFP_KERNEL only for an
// optimized page (6.1.170-3 mm/hugetlb.c:1877, mm/hugetlb_vmemmap.c:434).
// free_huge_page() passes atomic = true: the page it frees at once is not
// optimized, and the allocation is not on its path. free_pages_sync()
// passes false: reported. mark_and_free() sets the bit after its test:
// what it tested no longer holds, reported.
// RUN: not %kharden check --checks=sleep-in-atomic %s %S/Inputs/vmemmap.c -- %kflags -I %S/Inputs | FileCheck %s %strict
#include <linux/hugetlb_flags.h>
#include <linux/spinlock.h>

int hugetlb_vmemmap_restore(struct page *head);
void defer_free(struct page *page);
void free_gigantic(struct page *page);
static spinlock_t hugetlb_lock;

static void __update_and_free_page(struct page *page)
{
	if (HPageRawHwpUnreliable(page))
		return;
	if (hugetlb_vmemmap_restore(page))
		return;
	free_gigantic(page);
}

static void update_and_free_page(struct page *page, bool atomic)
{
	if (!HPageVmemmapOptimized(page) || !atomic) {
		__update_and_free_page(page);
		return;
	}
	defer_free(page);
}

void free_huge_page(struct page *page)
{
	spin_lock(&hugetlb_lock);
	update_and_free_page(page, true);
	spin_unlock(&hugetlb_lock);
}

void free_pages_sync(struct page *page)
{
	spin_lock(&hugetlb_lock);
	update_and_free_page(page, false);
	spin_unlock(&hugetlb_lock);
}

void mark_and_free(struct page *page)
{
	if (!HPageVmemmapOptimized(page)) {
		page->private |= 1UL << HPG_vmemmap_optimized;
		spin_lock(&hugetlb_lock);
		__update_and_free_page(page);
		spin_unlock(&hugetlb_lock);
	}
}
// CHECK: flag-retested.c:47:2: warning: 'update_and_free_page()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: flag-retested.c:46:2: note: atomic region begun here by 'spin_lock(&hugetlb_lock)'
// CHECK: flag-retested.c:31:3: note: '__update_and_free_page()' called here may sleep
// CHECK: flag-retested.c:23:6: note: 'hugetlb_vmemmap_restore()' called here may sleep
// CHECK: Inputs/vmemmap.c:9:7: note: 'kmalloc()' may sleep here
// CHECK: flag-retested.c:56:3: warning: '__update_and_free_page()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: flag-retested.c:55:3: note: atomic region begun here by 'spin_lock(&hugetlb_lock)'
// CHECK: flag-retested.c:23:6: note: 'hugetlb_vmemmap_restore()' called here may sleep
// CHECK: Inputs/vmemmap.c:9:7: note: 'kmalloc()' may sleep here

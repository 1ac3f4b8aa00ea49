/* Mock kernel header for kharden's corpus: reference counts whose
 * decrement says whether it dropped the last reference
 * (include/linux/refcount.h, include/linux/atomic/atomic-instrumented.h,
 * include/linux/kref.h; 6.1, 6.12). */
#ifndef _LINUX_REFCOUNT_H
#define _LINUX_REFCOUNT_H
#include <linux/types.h>
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
typedef struct { atomic_t refs; } refcount_t;
static inline bool atomic_dec_and_test(atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_SEQ_CST) == 0;
}
static inline bool atomic_long_dec_and_test(atomic_long_t *v)
{
	return __atomic_sub_fetch(&v->counter, 1, __ATOMIC_SEQ_CST) == 0;
}
static inline bool refcount_dec_and_test(refcount_t *r)
{
	return atomic_dec_and_test(&r->refs);
}
struct kref { refcount_t refcount; };
static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	if (refcount_dec_and_test(&kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}
#endif

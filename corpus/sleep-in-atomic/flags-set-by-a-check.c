// A flag set where a pointer parameter points, by a function that checks
// the flags and returns whether they are valid: 6.12's
// get_user_pages_fast_only() has is_valid_gup_args() (mm/gup.c) OR its
// `to_set` argument, FOLL_GET | FOLL_FAST_ONLY, into `*gup_flags_p` on the
// way that returns true, and returns -EINVAL on the other; then
// gup_fast_fallback() never takes the slow path that may sleep. The flag
// comes from another argument of the check, and only its exits that
// return non-zero set it: a caller that does not test the result, and a
// check that sets the flag only where it fails, leave the test to the
// caller's bits.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>

#define FOLL_WRITE 0x01u
#define FOLL_GET 0x04u
#define FOLL_PIN 0x40000u
#define FOLL_FAST_ONLY 0x80000u
#define FOLL_UNLOCKABLE 0x100000u

static spinlock_t lock;
static struct mutex mmap_lock;

static bool is_valid_gup_args(int *locked, unsigned int *gup_flags_p,
			      unsigned int to_set)
{
	unsigned int gup_flags = *gup_flags_p;

	if (WARN_ON_ONCE(gup_flags & (FOLL_PIN | FOLL_FAST_ONLY)))
		return false;
	gup_flags |= to_set;
	if (locked) {
		if (WARN_ON_ONCE(*locked != 1))
			return false;
		gup_flags |= FOLL_UNLOCKABLE;
	}
	if (WARN_ON_ONCE((gup_flags & (FOLL_PIN | FOLL_GET)) ==
			 (FOLL_PIN | FOLL_GET)))
		return false;
	*gup_flags_p = gup_flags;
	return true;
}

static bool sets_where_it_fails(unsigned int *flags, unsigned int to_set)
{
	if (*flags & FOLL_WRITE) {
		*flags |= to_set;
		return false;
	}
	return true;
}

static long gup_fast_fallback(unsigned long start, unsigned int gup_flags)
{
	if (gup_flags & FOLL_FAST_ONLY)
		return 0;
	mutex_lock(&mmap_lock);
	mutex_unlock(&mmap_lock);
	return 1;
}

long get_user_pages_fast_only(unsigned long start, unsigned int gup_flags)
{
	if (!is_valid_gup_args(NULL, &gup_flags, FOLL_GET | FOLL_FAST_ONLY))
		return -22;
	return gup_fast_fallback(start, gup_flags);
}

long get_user_pages_fast(unsigned long start, unsigned int gup_flags)
{
	if (!is_valid_gup_args(NULL, &gup_flags, FOLL_GET))
		return -22;
	return gup_fast_fallback(start, gup_flags);
}

long result_not_tested(unsigned long start, unsigned int gup_flags)
{
	is_valid_gup_args(NULL, &gup_flags, FOLL_FAST_ONLY);
	return gup_fast_fallback(start, gup_flags);
}

long set_where_it_fails(unsigned long start, unsigned int gup_flags)
{
	if (!sets_where_it_fails(&gup_flags, FOLL_FAST_ONLY))
		return -22;
	return gup_fast_fallback(start, gup_flags);
}

void sample(unsigned long ip)
{
	spin_lock(&lock);
	get_user_pages_fast_only(ip, 0);
	get_user_pages_fast(ip, 0);
	result_not_tested(ip, 0);
	set_where_it_fails(ip, 0);
	spin_unlock(&lock);
}
// CHECK: flags-set-by-a-check.c:94:2: warning: 'get_user_pages_fast()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: flags-set-by-a-check.c:92:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: flags-set-by-a-check.c:74:9: note: 'gup_fast_fallback()' called here may sleep
// CHECK: flags-set-by-a-check.c:58:2: note: 'mutex_lock()' may sleep here
// CHECK: flags-set-by-a-check.c:95:2: warning: 'result_not_tested()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: flags-set-by-a-check.c:92:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: flags-set-by-a-check.c:80:9: note: 'gup_fast_fallback()' called here may sleep
// CHECK: flags-set-by-a-check.c:58:2: note: 'mutex_lock()' may sleep here
// CHECK: flags-set-by-a-check.c:96:2: warning: 'set_where_it_fails()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: flags-set-by-a-check.c:92:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: flags-set-by-a-check.c:87:9: note: 'gup_fast_fallback()' called here may sleep
// CHECK: flags-set-by-a-check.c:58:2: note: 'mutex_lock()' may sleep here

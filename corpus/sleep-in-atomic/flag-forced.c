// A flag a function sets in its parameter before passing it on decides the
// callee's test of it whatever its own caller passed: 6.1's and 6.12's
// get_user_pages_fast_only() does `gup_flags |= FOLL_GET | FOLL_FAST_ONLY`,
// and internal_get_user_pages_fast() then never takes the slow path that
// may sleep. Setting another flag leaves that test to the caller's bits.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/spinlock.h>

#define FOLL_WRITE 0x01
#define FOLL_GET 0x04
#define FOLL_FAST_ONLY 0x80000

static spinlock_t lock;
static struct mutex mmap_lock;

static int internal_gup_fast(unsigned long start, unsigned int gup_flags)
{
	if (gup_flags & FOLL_FAST_ONLY)
		return 0;
	mutex_lock(&mmap_lock);
	mutex_unlock(&mmap_lock);
	return 1;
}

int gup_fast_only(unsigned long start, unsigned int gup_flags)
{
	gup_flags |= FOLL_GET | FOLL_FAST_ONLY;
	return internal_gup_fast(start, gup_flags);
}

int gup_write(unsigned long start, unsigned int gup_flags)
{
	gup_flags |= FOLL_WRITE;
	return internal_gup_fast(start, gup_flags);
}

void sample(unsigned long ip)
{
	spin_lock(&lock);
	gup_fast_only(ip, 0);
	gup_write(ip, 0);
	gup_write(ip, FOLL_FAST_ONLY);
	spin_unlock(&lock);
}
// CHECK: flag-forced.c:42:2: warning: 'gup_write()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: flag-forced.c:40:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: flag-forced.c:35:9: note: 'internal_gup_fast()' called here may sleep
// CHECK: flag-forced.c:21:2: note: 'mutex_lock()' may sleep here

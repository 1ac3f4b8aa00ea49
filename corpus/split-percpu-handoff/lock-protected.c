// A handoff with one lock held around both sides: consumed and refilled in
// one critical section. Not a finding.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(u32, cookie);
static spinlock_t cookie_lock;
u32 get_random_u32(void);

SYSCALL_DEFINE0(next_cookie)
{
	u32 c;

	spin_lock(&cookie_lock);
	c = __this_cpu_read(cookie);
	__this_cpu_write(cookie, get_random_u32());
	spin_unlock(&cookie_lock);
	return c;
}

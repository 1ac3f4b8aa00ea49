#include <linux/spinlock.h>

void arch_take(raw_spinlock_t *lock) __acquires(lock)
{
	lock->raw = 1;
}

void arch_release(raw_spinlock_t *lock) __releases(lock)
{
	lock->raw = 0;
}

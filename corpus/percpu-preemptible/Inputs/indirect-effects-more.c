// Another file's lock_ops.lock for indirect-effects.c: one that takes no
// lock.
#include "indirect-lock-ops.h"

static void lock_nothing(void)
{
}

static void unlock_nothing(void)
{
}

const struct lock_ops no_lock_ops = { lock_nothing, unlock_nothing };

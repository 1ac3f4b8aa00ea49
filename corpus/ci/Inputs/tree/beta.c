#include <linux/syscalls.h>
#include "shared.h"

SYSCALL_DEFINE0(beta)
{
	return shared_peek();
}

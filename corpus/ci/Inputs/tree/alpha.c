#include <linux/syscalls.h>
#include "shared.h"
#include "only_alpha.h"

SYSCALL_DEFINE1(alpha, int, x)
{
	return shared_peek() + alpha_bias() + x;
}

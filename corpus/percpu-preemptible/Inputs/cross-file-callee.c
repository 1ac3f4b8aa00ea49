/* The callee half of cross-file-caller.c: not a test by itself. */
#include <linux/percpu.h>

DEFINE_PER_CPU(int, audit_seq);

void audit_log(int what)
{
	__this_cpu_write(audit_seq, what);
}

int audit_peek(void)
{
	return __this_cpu_read(audit_seq);
}

#include <linux/percpu.h>
#include <linux/no_such_header.h>

int f(void) { return 0; }

/* Mock kernel header for kharden's corpus: sparse's lock-context
 * annotations, empty outside a sparse run as in the kernel. */
#ifndef _LINUX_COMPILER_TYPES_H
#define _LINUX_COMPILER_TYPES_H
#define __acquires(x)
#define __releases(x)
#define __must_hold(x)
#endif

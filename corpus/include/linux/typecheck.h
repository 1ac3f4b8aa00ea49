#ifndef _LINUX_TYPECHECK_H
#define _LINUX_TYPECHECK_H
/* As the kernel's: a statement expression the lock macros run on their
 * flags before the call that does the work. */
#define typecheck(type, x) \
({	type __dummy; \
	__typeof__(x) __dummy2; \
	(void)(&__dummy == &__dummy2); \
	1; \
})
#endif

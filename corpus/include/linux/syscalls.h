#ifndef _LINUX_SYSCALLS_H
#define _LINUX_SYSCALLS_H
#include <linux/types.h>
/* As in include/linux/syscalls.h: the body becomes __do_sys_NAME(), called
 * from __se_sys_NAME() and the arch wrapper. */
#define __SYSCALL_DEFINEx(x, name, ...) \
	static inline long __do_sys##name(__VA_ARGS__); \
	long __se_sys##name(__VA_ARGS__); \
	static inline long __do_sys##name(__VA_ARGS__)
#define SYSCALL_DEFINE0(sname) long __do_sys_##sname(void); long __do_sys_##sname(void)
#define SYSCALL_DEFINE1(name, t1, a1) __SYSCALL_DEFINEx(1, _##name, t1 a1)
#define SYSCALL_DEFINE2(name, t1, a1, t2, a2) __SYSCALL_DEFINEx(2, _##name, t1 a1, t2 a2)
#endif

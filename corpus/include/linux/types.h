/* Mock kernel header for kharden's corpus: the shapes of the real macros
 * (names, nesting, statement expressions), not their implementation. */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef _Bool bool;
#define true 1
#define false 0
#define NULL ((void *)0)
#define barrier() __asm__ __volatile__("" : : : "memory")
#define unlikely(x) __builtin_expect(!!(x), 0)
/* asm-generic/rwonce.h: the size check reads its argument only in sizeof. */
void __compiletime_assert_rwonce(void);
#define compiletime_assert_rwonce_type(t) do { if (!(sizeof(t) == 1 || sizeof(t) == 2 || sizeof(t) == 4 || sizeof(t) == 8)) __compiletime_assert_rwonce(); } while (0)
#define __READ_ONCE(x) (*(const volatile typeof(x) *)&(x))
#define READ_ONCE(x) ({ compiletime_assert_rwonce_type(x); __READ_ONCE(x); })
#endif

#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H
/* The instrumented atomic exchanges of include/linux/atomic/
 * atomic-instrumented.h (6.1, 6.12): statement expressions over the arch's
 * raw forms, here a compiler builtin. */
#define raw_cmpxchg(ptr, old, new) __sync_val_compare_and_swap((ptr), (old), (new))
#define raw_xchg(ptr, new) __atomic_exchange_n((ptr), (new), __ATOMIC_SEQ_CST)
#define cmpxchg(ptr, ...) ({ typeof(ptr) __ai_ptr = (ptr); raw_cmpxchg(__ai_ptr, __VA_ARGS__); })
#define xchg(ptr, ...) ({ typeof(ptr) __ai_ptr = (ptr); raw_xchg(__ai_ptr, __VA_ARGS__); })
/* Atomic against this CPU only: not an atomic update for other CPUs. */
#define cmpxchg_local(ptr, old, new) ({ typeof(*(ptr)) __o = *(ptr); if (__o == (old)) *(ptr) = (new); __o; })
#endif

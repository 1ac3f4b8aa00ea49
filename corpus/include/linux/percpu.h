#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H
#include <linux/preempt.h>
extern unsigned long __per_cpu_offset;
#define DEFINE_PER_CPU(type, name) __typeof__(type) name
#define DECLARE_PER_CPU(type, name) extern __typeof__(type) name
#define __verify_pcpu_ptr(ptr) do { const void *__vpp_verify = (typeof((ptr) + 0))NULL; (void)__vpp_verify; } while (0)
#define SHIFT_PERCPU_PTR(p, off) ((typeof(p))((unsigned long)(p) + (off)))
#define arch_raw_cpu_ptr(ptr) SHIFT_PERCPU_PTR(ptr, __per_cpu_offset)
#define raw_cpu_ptr(ptr) ({ __verify_pcpu_ptr(ptr); arch_raw_cpu_ptr(ptr); })
#define this_cpu_ptr(ptr) raw_cpu_ptr(ptr)
extern unsigned long __per_cpu_offsets[];
#define per_cpu_offset(x) (__per_cpu_offsets[x])
#define per_cpu_ptr(ptr, cpu) ({ __verify_pcpu_ptr(ptr); SHIFT_PERCPU_PTR((ptr), per_cpu_offset((cpu))); })
#define per_cpu(var, cpu) (*per_cpu_ptr(&(var), cpu))

#define raw_cpu_generic_read(pcp) ({ *raw_cpu_ptr(&(pcp)); })
#define raw_cpu_generic_to_op(pcp, val, op) do { *raw_cpu_ptr(&(pcp)) op val; } while (0)
#define __pcpu_size_call_return(stem, variable) ({ typeof(variable) pscr_ret__; __verify_pcpu_ptr(&(variable)); switch (sizeof(variable)) { case 4: pscr_ret__ = stem##4(variable); break; case 8: pscr_ret__ = stem##8(variable); break; default: pscr_ret__ = stem##4(variable); } pscr_ret__; })
#define __pcpu_size_call(stem, variable, ...) do { __verify_pcpu_ptr(&(variable)); switch (sizeof(variable)) { case 4: stem##4(variable, __VA_ARGS__); break; default: stem##8(variable, __VA_ARGS__); } } while (0)
#define raw_cpu_read_4(pcp) raw_cpu_generic_read(pcp)
#define raw_cpu_read_8(pcp) raw_cpu_generic_read(pcp)
#define raw_cpu_write_4(pcp, val) raw_cpu_generic_to_op(pcp, val, =)
#define raw_cpu_write_8(pcp, val) raw_cpu_generic_to_op(pcp, val, =)
#define raw_cpu_add_4(pcp, val) raw_cpu_generic_to_op(pcp, val, +=)
#define raw_cpu_add_8(pcp, val) raw_cpu_generic_to_op(pcp, val, +=)
#define raw_cpu_read(pcp) __pcpu_size_call_return(raw_cpu_read_, pcp)
#define raw_cpu_write(pcp, val) __pcpu_size_call(raw_cpu_write_, pcp, val)
#define raw_cpu_add(pcp, val) __pcpu_size_call(raw_cpu_add_, pcp, val)
#define raw_cpu_inc(pcp) raw_cpu_add(pcp, 1)
#define raw_cpu_add_return(pcp, val) ({ raw_cpu_add(pcp, val); raw_cpu_read(pcp); })

void __this_cpu_preempt_check(const char *op);
#define __this_cpu_read(pcp) ({ __this_cpu_preempt_check("read"); raw_cpu_read(pcp); })
/* Statement expressions, as in include/linux/percpu-defs.h (6.1, 6.12). */
#define __this_cpu_write(pcp, val) ({ __this_cpu_preempt_check("write"); raw_cpu_write(pcp, val); })
#define __this_cpu_add(pcp, val) ({ __this_cpu_preempt_check("add"); raw_cpu_add(pcp, val); })
#define __this_cpu_inc(pcp) __this_cpu_add(pcp, 1)
#define __this_cpu_sub(pcp, val) __this_cpu_add(pcp, -(typeof(pcp))(val))
#define __this_cpu_dec(pcp) __this_cpu_sub(pcp, 1)

#define this_cpu_generic_read(pcp) ({ typeof(pcp) __ret; preempt_disable_notrace(); __ret = raw_cpu_generic_read(pcp); preempt_enable_notrace(); __ret; })
#define this_cpu_generic_to_op(pcp, val, op) do { preempt_disable_notrace(); raw_cpu_generic_to_op(pcp, val, op); preempt_enable_notrace(); } while (0)
#define this_cpu_read(pcp) this_cpu_generic_read(pcp)
#define this_cpu_write(pcp, val) this_cpu_generic_to_op(pcp, val, =)
#define this_cpu_add(pcp, val) this_cpu_generic_to_op(pcp, val, +=)
#define this_cpu_inc(pcp) this_cpu_add(pcp, 1)
/* The compare-and-exchanges on this CPU's copy: this_cpu_cmpxchg() returns
 * the old value; this_cpu_cmpxchg_double() (6.1) and this_cpu_try_cmpxchg()
 * (6.12) whether they succeeded. */
#define this_cpu_cmpxchg(pcp, oval, nval) ({ typeof(pcp) __ret; preempt_disable_notrace(); __ret = *raw_cpu_ptr(&(pcp)); if (__ret == (oval)) *raw_cpu_ptr(&(pcp)) = (nval); preempt_enable_notrace(); __ret; })
#define this_cpu_cmpxchg_double(pcp1, pcp2, oval1, oval2, nval1, nval2) ({ int __ret = 0; preempt_disable_notrace(); if (*raw_cpu_ptr(&(pcp1)) == (oval1) && *raw_cpu_ptr(&(pcp2)) == (oval2)) { *raw_cpu_ptr(&(pcp1)) = (nval1); *raw_cpu_ptr(&(pcp2)) = (nval2); __ret = 1; } preempt_enable_notrace(); __ret; })
#define this_cpu_try_cmpxchg(pcp, ovalp, nval) ({ typeof(pcp) __old = *(ovalp); typeof(pcp) __cur = this_cpu_cmpxchg(pcp, __old, nval); int __ok = __cur == __old; if (!__ok) *(ovalp) = __cur; __ok; })
/* 6.12's asm-generic/percpu.h: the sized forms over an arch's cmpxchg,
 * whose first declaration names two variables. */
#define __cpu_fallback_try_cmpxchg(pcp, ovalp, nval, _cmpxchg) ({ typeof(pcp) __val, __old = *(ovalp); __val = _cmpxchg(pcp, __old, nval); if (__val != __old) *(ovalp) = __val; __val == __old; })
#define this_cpu_try_cmpxchg64(pcp, ovalp, nval) __cpu_fallback_try_cmpxchg(pcp, ovalp, nval, this_cpu_cmpxchg)

#define get_cpu_var(var) (*({ preempt_disable(); this_cpu_ptr(&var); }))
#define put_cpu_var(var) do { (void)&(var); preempt_enable(); } while (0)
#define get_cpu_ptr(var) ({ preempt_disable(); this_cpu_ptr(var); })
#define put_cpu_ptr(var) do { (void)(var); preempt_enable(); } while (0)
#endif

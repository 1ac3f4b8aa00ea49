#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H
#include <linux/compiler_types.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/typecheck.h>
typedef struct { int raw; } raw_spinlock_t;
typedef struct { raw_spinlock_t rlock; } spinlock_t;
typedef struct { int raw; } rwlock_t;
void _raw_spin_lock(raw_spinlock_t *lock) __acquires(lock);
void _raw_spin_unlock(raw_spinlock_t *lock) __releases(lock);
void _raw_spin_lock_bh(raw_spinlock_t *lock);
void _raw_spin_unlock_bh(raw_spinlock_t *lock);
void _raw_spin_lock_irq(raw_spinlock_t *lock);
void _raw_spin_unlock_irq(raw_spinlock_t *lock);
unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock);
void _raw_spin_unlock_irqrestore(raw_spinlock_t *lock, unsigned long flags);
void _raw_read_lock(rwlock_t *lock);
void _raw_read_unlock(rwlock_t *lock);
#define raw_spin_lock(lock) _raw_spin_lock(lock)
#define raw_spin_unlock(lock) _raw_spin_unlock(lock)
#define raw_spin_lock_irqsave(lock, flags) do { typecheck(unsigned long, flags); flags = _raw_spin_lock_irqsave(lock); } while (0)
#define raw_spin_unlock_irqrestore(lock, flags) do { typecheck(unsigned long, flags); _raw_spin_unlock_irqrestore(lock, flags); } while (0)
#define read_lock(lock) _raw_read_lock(lock)
#define read_unlock(lock) _raw_read_unlock(lock)
static inline raw_spinlock_t *spinlock_check(spinlock_t *lock) { return &lock->rlock; }
static inline void spin_lock(spinlock_t *lock) { raw_spin_lock(&lock->rlock); }
static inline void spin_unlock(spinlock_t *lock) { raw_spin_unlock(&lock->rlock); }
static inline void spin_lock_bh(spinlock_t *lock) { _raw_spin_lock_bh(&lock->rlock); }
static inline void spin_unlock_bh(spinlock_t *lock) { _raw_spin_unlock_bh(&lock->rlock); }
static inline void spin_lock_irq(spinlock_t *lock) { _raw_spin_lock_irq(&lock->rlock); }
static inline void spin_unlock_irq(spinlock_t *lock) { _raw_spin_unlock_irq(&lock->rlock); }
#define spin_lock_irqsave(lock, flags) do { raw_spin_lock_irqsave(spinlock_check(lock), flags); } while (0)
static inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags) { raw_spin_unlock_irqrestore(&lock->rlock, flags); }
#endif

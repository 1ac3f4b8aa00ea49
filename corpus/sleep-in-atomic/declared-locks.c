// A call to a function no file of the run defines changes its caller's
// locks as its declaration says (sparse's __acquires() and __releases(), by
// the lock's type); where a file of the run defines it, that file's exits
// replace the declaration.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s --check-prefixes=CHECK,ALONE %strict
// RUN: not %kharden check --checks=sleep-in-atomic %s %S/Inputs/declared-locks-def.c -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct inode { spinlock_t i_lock; int state; };
struct sock { struct { spinlock_t slock; } sk_lock; };
static struct mutex m;

void attach_and_unlock(struct inode *inode)
	__releases(&inode->i_lock);
void lock_fast(struct sock *sk) __acquires(&sk->sk_lock.slock);
void unlock_fast(struct sock *sk) __releases(&sk->sk_lock.slock);
void take(spinlock_t *lock) __acquires(lock);
void read_enter(rwlock_t *lock) __acquires(lock);
void swap_locks(struct inode *inode, spinlock_t *list)
	__releases(&inode->i_lock) __acquires(list);
void forget_state(struct inode *inode) __releases(inode->state);
void take_mutex(struct mutex *lock) __acquires(lock);
void arch_take(raw_spinlock_t *lock) __acquires(lock);
void arch_release(raw_spinlock_t *lock) __releases(lock);

void writeback(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	attach_and_unlock(inode);
	mutex_lock(&m);
	mutex_unlock(&m);
}

void fast(struct sock *sk)
{
	lock_fast(sk);
	mutex_lock(&m);
	mutex_unlock(&m);
	unlock_fast(sk);
	mutex_lock(&m);
	mutex_unlock(&m);
}

void by_pointer(spinlock_t *l)
{
	take(l);
	mutex_lock(&m);
	mutex_unlock(&m);
}

void reader(rwlock_t *rw)
{
	read_enter(rw);
	mutex_lock(&m);
	mutex_unlock(&m);
}

void swapped(struct inode *inode, spinlock_t *list)
{
	spin_lock(&inode->i_lock);
	swap_locks(inode, list);
	mutex_lock(&m);
	mutex_unlock(&m);
}

// An int is no lock the kernel model knows, nor is a mutex a spinning one.
void not_a_lock(struct inode *inode, struct mutex *other)
{
	take_mutex(other);
	mutex_lock(&m);
	mutex_unlock(&m);
	spin_lock(&inode->i_lock);
	forget_state(inode);
	mutex_lock(&m);
	mutex_unlock(&m);
}

// A definition of the file is its own: this one releases nothing.
static void own(struct inode *inode) __releases(&inode->i_lock)
{
	inode->state = 0;
}

void own_definition(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	own(inode);
	mutex_lock(&m);
	mutex_unlock(&m);
}

// Alone, the declarations; with Inputs/declared-locks-def.c, whose bodies
// take only the architecture's lock (as DEBUG_SPINLOCK's do_raw_spin_lock()
// does, with preemption off already), their exits.
void arch_inner(raw_spinlock_t *l)
{
	arch_take(l);
	mutex_lock(&m);
	mutex_unlock(&m);
	arch_release(l);
}
// CHECK: declared-locks.c:38:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: declared-locks.c:37:2: note: atomic region begun here by 'lock_fast() __acquires(&sk->sk_lock.slock)'
// CHECK: declared-locks.c:48:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: declared-locks.c:47:2: note: atomic region begun here by 'take() __acquires(lock)'
// CHECK: declared-locks.c:55:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: declared-locks.c:54:2: note: atomic region begun here by 'read_enter() __acquires(lock)'
// CHECK: declared-locks.c:63:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: declared-locks.c:62:2: note: atomic region begun here by 'swap_locks() __acquires(list)'
// CHECK: declared-locks.c:75:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: declared-locks.c:73:2: note: atomic region begun here by 'spin_lock(&inode->i_lock)'
// CHECK: declared-locks.c:89:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: declared-locks.c:87:2: note: atomic region begun here by 'spin_lock(&inode->i_lock)'
// ALONE: declared-locks.c:99:2: warning: 'mutex_lock()' may sleep, called with preemption disabled [sleep-in-atomic]
// ALONE: declared-locks.c:98:2: note: atomic region begun here by 'arch_take() __acquires(lock)'

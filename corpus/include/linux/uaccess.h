#ifndef _LINUX_UACCESS_H
#define _LINUX_UACCESS_H
/* User accesses, as the kernel declares them: each may fault, and sleeps to
 * handle the fault unless page faults are disabled. */
#define __user
void might_fault(void);
unsigned long copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long copy_to_user(void __user *to, const void *from, unsigned long n);
int __get_user_fn(void *x, const void __user *ptr, unsigned long size);
#define get_user(x, ptr) \
	({ might_fault(); __get_user_fn(&(x), (ptr), sizeof(*(ptr))); })
int __put_user_fn(unsigned long x, void __user *ptr, unsigned long size);
#define put_user(x, ptr) \
	({ might_fault(); __put_user_fn((x), (ptr), sizeof(*(ptr))); })
int pagefault_disabled_count;
static inline void pagefault_disable(void) { pagefault_disabled_count++; }
static inline void pagefault_enable(void) { pagefault_disabled_count--; }
#endif

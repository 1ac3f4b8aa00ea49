#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H
struct mutex { int owner; };
void mutex_lock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
#endif

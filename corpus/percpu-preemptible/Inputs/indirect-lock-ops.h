/* The lock ops of indirect-effects.c and Inputs/indirect-effects-more.c. */
#ifndef INDIRECT_LOCK_OPS_H
#define INDIRECT_LOCK_OPS_H
struct lock_ops {
	void (*lock)(void);
	void (*unlock)(void);
};
#endif

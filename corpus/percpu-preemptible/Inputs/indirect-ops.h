/* The ops structures of indirect-calls.c and Inputs/indirect-ops.c, shared
 * by them as a kernel header is. */
#ifndef INDIRECT_OPS_H
#define INDIRECT_OPS_H
struct blk_ops {
	void (*submit)(int n);
	void (*flush)(void);
};
void register_blk_ops(struct blk_ops *ops, void (*submit)(int));

struct raw_ops {
	void (*run)(int n);
};
#endif

/* Shared by cross-file-ops.c and Inputs/cross-file-ops.c. */
struct machine_ops {
	void (*shutdown)(void);
	void (*restart)(void);
};
extern struct machine_ops machine_ops;

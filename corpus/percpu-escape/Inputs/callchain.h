/* The shapes of kernel/events/callchain.c's interface (6.1 and 6.12). */
#include <linux/types.h>
struct pt_regs;
struct perf_callchain_entry { u64 nr; u64 ip[8]; };
struct perf_callchain_entry *get_callchain_entry(int *rctx);
void put_callchain_entry(int rctx);
struct perf_callchain_entry *get_perf_callchain(struct pt_regs *regs, u32 init_nr,
						bool kernel, bool user, u32 max_stack,
						bool crosstask, bool add_mark);
void *memcpy(void *to, const void *from, unsigned long len);

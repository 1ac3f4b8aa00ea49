#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H
/* The iterator seq_read() drives, as include/linux/seq_file.h declares it:
 * ->start(), then ->show() and ->next() per record, then ->stop(). */
#include <linux/fs.h>
struct seq_file { void *private; };
struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};
int seq_printf(struct seq_file *m, const char *fmt, ...);
#endif

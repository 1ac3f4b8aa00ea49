#ifndef _LINUX_FS_H
#define _LINUX_FS_H
#include <linux/types.h>
typedef long ssize_t;
typedef long long loff_t;
struct file;
struct inode;
struct file_operations {
	void *owner;
	ssize_t (*read)(struct file *, char *, unsigned long, loff_t *);
	ssize_t (*write)(struct file *, const char *, unsigned long, loff_t *);
	long (*unlocked_ioctl)(struct file *, unsigned int, unsigned long);
	int (*open)(struct inode *, struct file *);
	int (*release)(struct inode *, struct file *);
};
#endif

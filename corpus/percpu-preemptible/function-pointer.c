// A function registered in file_operations is a process-context callback,
// and a call through a function pointer reaches what the run stores there:
// count_bytes(), the initializer of 'hook', runs in dev_write()'s context.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/fs.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(long, bytes_written);

static long count_bytes(long n)
{
	__this_cpu_add(bytes_written, n);
	// CHECK: function-pointer.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(bytes_written)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: function-pointer.c:[[@LINE+17]]:11: note: 'dev_write' is a file_operations callback: process context, preemptible
	// CHECK: function-pointer.c:[[@LINE+12]]:9: note: 'count_bytes' called through 'hook'
	return n;
}

static long (*hook)(long) = count_bytes;

static ssize_t dev_write(struct file *f, const char *buf, unsigned long len,
			 loff_t *pos)
{
	__this_cpu_add(bytes_written, len);
	// CHECK: function-pointer.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(bytes_written)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: function-pointer.c:[[@LINE+5]]:11: note: 'dev_write' is a file_operations callback: process context, preemptible
	return hook(len);
}

static const struct file_operations dev_fops = {
	.write = dev_write,
};

/* Something reads 'bytes_written' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int bytes_written_decides(void)
{
	return raw_cpu_read(bytes_written);
}

// A file with two compile commands (kbuild builds some twice, with other
// flags) is one summary made of both: what the first command's code stores
// in function pointers is kept when the second is analysed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '[{"directory": "%S", "file": "%s", "arguments": ["clang", "-c", "-nostdinc", "-std=gnu11", "-I", "%S/../include", "%s"]}, {"directory": "%S", "file": "%s", "arguments": ["clang", "-c", "-nostdinc", "-std=gnu11", "-I", "%S/../include", "-DSECOND", "%s"]}]' > %t/compile_commands.json
// RUN: not %kharden check --checks=percpu-preemptible -p %t --no-db | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct submit_ops {
	void (*submit)(int n);
};

DEFINE_PER_CPU(long, submitted);

#ifndef SECOND
static void submit_counted(int n)
{
	__this_cpu_add(submitted, n);
	// CHECK: built-twice.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: built-twice.c:[[@LINE+6]]:1: note: '__do_sys_submit' is a system call body: task context, preemptible
	// CHECK: built-twice.c:[[@LINE+7]]:2: note: 'submit_counted' called through 'struct submit_ops.submit'
}

struct submit_ops counted_ops = { .submit = submit_counted };

SYSCALL_DEFINE1(submit, struct submit_ops *, ops)
{
	ops->submit(1);
	return 0;
}
#else
int submit_second_build;
#endif

/* Something reads 'submitted' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
long submitted_decide(void)
{
	return raw_cpu_read(submitted);
}

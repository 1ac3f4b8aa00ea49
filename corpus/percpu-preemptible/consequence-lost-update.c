// Consequence lost-update (severity note, shown with --min-severity=note):
// a write or read-modify-write of a per-CPU variable that nothing in the run
// reads for a decision. An interleaving task can at worst lose an update.
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags 2>&1 | FileCheck %s --check-prefix=DEFAULT %strict
// DEFAULT: kharden: 0 findings; 8 below --min-severity=warning
// RUN: not %kharden check --checks=percpu-preemptible --min-severity=note %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct stats { int hits[4]; int misses; };
DEFINE_PER_CPU(int, calls);
DEFINE_PER_CPU(struct stats, stats);
DEFINE_PER_CPU(int, last_arg);
DEFINE_PER_CPU(int, bumps);

// 1. A lone statistics increment.
SYSCALL_DEFINE1(count, int, x)
{
	__this_cpu_inc(calls);
	return x;
}

// 2. Two fields of one counter structure, neither read.
SYSCALL_DEFINE1(hit, int, x)
{
	if (x)
		raw_cpu_add(stats.hits[x & 3], 1);
	else
		raw_cpu_inc(stats.misses);
	return 0;
}

// 3. A value written and never read back.
SYSCALL_DEFINE1(remember, int, x)
{
	__this_cpu_write(last_arg, x);
	return 0;
}

// 4. A read written back together with it: one read-modify-write.
SYSCALL_DEFINE1(bump, int, x)
{
	raw_cpu_write(bumps, raw_cpu_read(bumps) + x);
	return 0;
}

// 5. A statistic counted at an error label, and one in an if's branch:
// __this_cpu_inc() is a statement expression, whose value neither uses.
DEFINE_PER_CPU(int, failures);
DEFINE_PER_CPU(int, odd);
SYSCALL_DEFINE1(fail, int, x)
{
	if (x < 0)
		goto out;
	if (x & 1)
		__this_cpu_inc(odd);
	return x;
out:
	__this_cpu_inc(failures);
	return -1;
}

// CHECK: consequence-lost-update.c:19:2: note: per-CPU read-modify-write '__this_cpu_inc(calls)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:17:1: note: '__do_sys_count' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:19:2: note: lost-update: nothing in the run reads 'calls' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:27:3: note: per-CPU read-modify-write 'raw_cpu_add(stats.hits[x & 3])' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:24:1: note: '__do_sys_hit' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:27:3: note: lost-update: nothing in the run reads 'stats' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:29:3: note: per-CPU read-modify-write 'raw_cpu_inc(stats.misses)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:24:1: note: '__do_sys_hit' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:29:3: note: lost-update: nothing in the run reads 'stats' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:36:2: note: per-CPU write '__this_cpu_write(last_arg)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:34:1: note: '__do_sys_remember' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:36:2: note: lost-update: nothing in the run reads 'last_arg' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:43:2: note: per-CPU write 'raw_cpu_write(bumps)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:41:1: note: '__do_sys_bump' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:43:2: note: lost-update: nothing in the run reads 'bumps' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:43:23: note: per-CPU read 'raw_cpu_read(bumps)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:41:1: note: '__do_sys_bump' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:43:23: note: lost-update: nothing in the run reads 'bumps' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:56:3: note: per-CPU read-modify-write '__this_cpu_inc(odd)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:51:1: note: '__do_sys_fail' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:56:3: note: lost-update: nothing in the run reads 'odd' for a decision; an interleaving task can at worst lose this update
// CHECK: consequence-lost-update.c:59:2: note: per-CPU read-modify-write '__this_cpu_inc(failures)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [lost-update]{{$}}
// CHECK: consequence-lost-update.c:51:1: note: '__do_sys_fail' is a system call body: task context, preemptible
// CHECK: consequence-lost-update.c:59:2: note: lost-update: nothing in the run reads 'failures' for a decision; an interleaving task can at worst lose this update

// Consequence split-rmw (severity error): a per-CPU read whose value is
// used, where preemption is enabled, of a variable written at another place
// of the run: two tasks may use the same value before either writes it back.
// The notes show the read, the preemption point and the write.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, next_ticket);
DEFINE_PER_CPU(int, cursor);
DEFINE_PER_CPU(int, budget);
DEFINE_PER_CPU(int, slot);

void use(int v);

// 1. Read in one system call, written back in another.
SYSCALL_DEFINE1(take, int, x)
{
	return raw_cpu_read(next_ticket) + x;
}

SYSCALL_DEFINE1(give, int, x)
{
	raw_cpu_write(next_ticket, x);
	return 0;
}

// 2. Read, then written back later in the same function.
SYSCALL_DEFINE1(advance, int, x)
{
	int c = __this_cpu_read(cursor);

	use(c);
	__this_cpu_write(cursor, c + x);
	return 0;
}

// 3. Read for a branch; a read-modify-write elsewhere changes it.
SYSCALL_DEFINE1(spend, int, x)
{
	if (raw_cpu_read(budget) > x)
		return 1;
	return 0;
}

SYSCALL_DEFINE1(refill, int, x)
{
	raw_cpu_add(budget, x);
	return 0;
}

// 4. The variable written as '&(slot)' by its address's name.
SYSCALL_DEFINE1(peek_slot, int, x)
{
	int s = raw_cpu_read(slot);

	return s == x;
}

SYSCALL_DEFINE1(set_slot, int, x)
{
	raw_cpu_write((slot), x);
	return 0;
}

// CHECK: consequence-split-rmw.c:19:9: error: per-CPU read 'raw_cpu_read(next_ticket)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// CHECK: consequence-split-rmw.c:17:1: note: '__do_sys_take' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:19:9: note: split-rmw: the value of 'next_ticket' read here is used
// CHECK: consequence-split-rmw.c:19:9: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
// CHECK: consequence-split-rmw.c:24:2: note: 'next_ticket' is written here by 'raw_cpu_write' in '__do_sys_give': a task that ran in between may have used the same value
// CHECK: consequence-split-rmw.c:24:2: warning: per-CPU write 'raw_cpu_write(next_ticket)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-split-rmw.c:22:1: note: '__do_sys_give' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:31:10: error: per-CPU read '__this_cpu_read(cursor)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// CHECK: consequence-split-rmw.c:29:1: note: '__do_sys_advance' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:31:10: note: split-rmw: the value of 'cursor' read here is used
// CHECK: consequence-split-rmw.c:31:10: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
// CHECK: consequence-split-rmw.c:34:2: note: 'cursor' is written here by '__this_cpu_write' in '__do_sys_advance': a task that ran in between may have used the same value
// CHECK: consequence-split-rmw.c:34:2: warning: per-CPU write '__this_cpu_write(cursor)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-split-rmw.c:29:1: note: '__do_sys_advance' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:41:6: error: per-CPU read 'raw_cpu_read(budget)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// CHECK: consequence-split-rmw.c:39:1: note: '__do_sys_spend' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:41:6: note: split-rmw: the value of 'budget' read here is used
// CHECK: consequence-split-rmw.c:41:6: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
// CHECK: consequence-split-rmw.c:48:2: note: 'budget' is written here by 'raw_cpu_add' in '__do_sys_refill': a task that ran in between may have used the same value
// CHECK: consequence-split-rmw.c:48:2: warning: per-CPU read-modify-write 'raw_cpu_add(budget)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-split-rmw.c:46:1: note: '__do_sys_refill' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:55:10: error: per-CPU read 'raw_cpu_read(slot)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// CHECK: consequence-split-rmw.c:53:1: note: '__do_sys_peek_slot' is a system call body: task context, preemptible
// CHECK: consequence-split-rmw.c:55:10: note: split-rmw: the value of 'slot' read here is used
// CHECK: consequence-split-rmw.c:55:10: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
// CHECK: consequence-split-rmw.c:62:2: note: 'slot' is written here by 'raw_cpu_write' in '__do_sys_set_slot': a task that ran in between may have used the same value
// CHECK: consequence-split-rmw.c:62:2: warning: per-CPU write 'raw_cpu_write((slot))' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]{{$}}
// CHECK: consequence-split-rmw.c:60:1: note: '__do_sys_set_slot' is a system call body: task context, preemptible

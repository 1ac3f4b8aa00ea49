// A branch on a parameter that the function never changes is kept as a fact
// of the path; a caller passing a constant rules out the paths that tested
// it the other way. tcp_check_req(..., fastopen=true) from the backlog never
// reaches the counters of the !fastopen path; refresh_cpu_vm_stats(false)
// never sleeps.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, drops);
DEFINE_PER_CPU(int, expire);

static int check_req(int fastopen)
{
	if (fastopen)
		return 1;
	__this_cpu_inc(drops);
	return 0;
}

static void refresh(int do_pagesets)
{
	if (do_pagesets)
		cond_resched();
	__this_cpu_write(expire, 3);
	// CHECK: constant-arguments.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(expire)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: constant-arguments.c:[[@LINE+30]]:2: note: 'refresh' called here
	// CHECK: constant-arguments.c:[[@LINE-4]]:3: note: 'cond_resched()' may sleep: preemption and IRQs are enabled here
}

static int reassigned(int flag)
{
	flag = !flag;
	if (flag)
		return 1;
	__this_cpu_inc(drops);
	// CHECK: constant-arguments.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(drops)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: constant-arguments.c:[[@LINE+5]]:1: note: '__do_sys_backlog' is a system call body: task context, preemptible
	// CHECK: constant-arguments.c:[[@LINE+7]]:2: note: 'reassigned' called here
	return 0;
}

SYSCALL_DEFINE0(backlog)
{
	check_req(1);
	reassigned(1);
	return 0;
}

void quiet_idle(void)
{
	refresh(0);
}

void refresh_all(void)
{
	refresh(!!1);
}

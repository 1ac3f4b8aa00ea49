// Consequence wrong-cpu-state (severity warning): a CPU number or per-CPU
// pointer that stands for this CPU's state: a CPU number that picks per-CPU
// data of that CPU (the scheduler's runqueue), or a value kept in an object
// as its CPU or its per-CPU base. After a migration it names a CPU the task
// has left.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>

struct rq { int nr_running; int clock; };
struct base { int active; };
struct timer { struct base *base; int cpu; };
DEFINE_PER_CPU(struct rq, runqueues);
DEFINE_PER_CPU(struct base, bases);
DEFINE_PER_CPU(int, poll_count);
struct poll_state { int cpu; } poll;

// 1. The CPU number picks this CPU's runqueue by number.
SYSCALL_DEFINE1(sched_tick, int, x)
{
	int cpu = smp_processor_id();
	struct rq *rq = &per_cpu(runqueues, cpu);

	rq->clock += x;
	return rq->nr_running;
}

// 2. The CPU number kept in an object, as the CPU it belongs to.
SYSCALL_DEFINE1(timer_bind, struct timer *, t)
{
	t->cpu = smp_processor_id();
	return 0;
}

// 3. The CPU number kept in a global structure: "the polling CPU".
SYSCALL_DEFINE1(start_poll, int, x)
{
	poll.cpu = smp_processor_id();
	return x;
}

// 4. A per-CPU pointer kept in an object: the timer's base is this CPU's.
SYSCALL_DEFINE1(timer_init, struct timer *, t)
{
	struct base *b = raw_cpu_ptr(&bases);

	t->base = b;
	return 0;
}

// 5. The CPU number passed to a function that picks that CPU's counter.
static void count_poll(int cpu)
{
	per_cpu(poll_count, cpu)++;
}

SYSCALL_DEFINE1(poll_once, int, x)
{
	count_poll(smp_processor_id());
	return x;
}

// 6. The CPU number kept in a global variable (misrouted_irq()'s
// irq_poll_cpu).
int poll_cpu;

SYSCALL_DEFINE1(start_poll_global, int, x)
{
	poll_cpu = smp_processor_id();
	return x;
}

// 7. A per-CPU pointer kept in a field of the caller's object and locked
// through the field only after a call, which may have stored another
// pointer there: what the field holds at the lock is not known.
struct mutex;
void mutex_lock(struct mutex *lock);
struct group { struct mutex *lock; int len; };
struct alloc_ctx { struct group *lg; int flags; };
DEFINE_PER_CPU(struct group, groups);
void note_flags(struct alloc_ctx *ac);

SYSCALL_DEFINE1(group_pick, struct alloc_ctx *, ac)
{
	ac->lg = raw_cpu_ptr(&groups);
	note_flags(ac);
	mutex_lock(ac->lg->lock);
	return 0;
}

// CHECK: consequence-wrong-cpu-state.c:22:12: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:20:1: note: '__do_sys_sched_tick' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:22:12: note: wrong-cpu-state: the CPU number read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:23:19: note: it picks the per-CPU data of that CPU here, through 'per_cpu' in '__do_sys_sched_tick': after a migration, another CPU's state
// CHECK: consequence-wrong-cpu-state.c:32:11: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:30:1: note: '__do_sys_timer_bind' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:32:11: note: wrong-cpu-state: the CPU number read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:32:2: note: it is stored here, in '__do_sys_timer_bind': the object keeps it as this CPU's
// CHECK: consequence-wrong-cpu-state.c:39:13: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:37:1: note: '__do_sys_start_poll' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:39:13: note: wrong-cpu-state: the CPU number read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:39:2: note: it is stored here, in '__do_sys_start_poll': the object keeps it as this CPU's
// CHECK: consequence-wrong-cpu-state.c:46:19: warning: per-CPU pointer 'raw_cpu_ptr(&bases)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:44:1: note: '__do_sys_timer_init' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:46:19: note: wrong-cpu-state: the per-CPU pointer read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:48:2: note: it is stored here, in '__do_sys_timer_init': the object keeps it as this CPU's
// CHECK: consequence-wrong-cpu-state.c:60:13: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:58:1: note: '__do_sys_poll_once' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:60:13: note: wrong-cpu-state: the CPU number read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:55:2: note: it picks the per-CPU data of that CPU here, through 'per_cpu' in 'count_poll': after a migration, another CPU's state
// CHECK: consequence-wrong-cpu-state.c:70:13: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:68:1: note: '__do_sys_start_poll_global' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:70:13: note: wrong-cpu-state: the CPU number read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:70:2: note: it is stored here, in '__do_sys_start_poll_global': the object keeps it as this CPU's
// CHECK: consequence-wrong-cpu-state.c:86:11: warning: per-CPU pointer 'raw_cpu_ptr(&groups)' used where preemption is enabled; after a migration it points to another CPU's copy [percpu-preemptible] [wrong-cpu-state]{{$}}
// CHECK: consequence-wrong-cpu-state.c:84:1: note: '__do_sys_group_pick' is a system call body: task context, preemptible
// CHECK: consequence-wrong-cpu-state.c:86:11: note: wrong-cpu-state: the per-CPU pointer read here stands for this CPU's state
// CHECK: consequence-wrong-cpu-state.c:86:2: note: it is stored here, in '__do_sys_group_pick': the object keeps it as this CPU's

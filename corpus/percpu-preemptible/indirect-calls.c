// A call through a function pointer reaches every function the run stores
// there: in a field of a structure type (designated and positional
// initializers, assignments, a function passed to a registration function
// that stores its parameter, in another file), in a variable, a const
// table, a local variable. The caller's context flows to each target, with
// a note naming the pointer. A field that is stored something the analysis
// cannot see (a value cast from data) is open: its calls stay unresolved.
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/indirect-ops.c --stats -- %kflags 2>%t.err | FileCheck %s %strict
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: kharden: stats: calls through function pointers: 4 resolved, 0 capped (more than 8 targets), 4 open (1 with nothing stored in the run)
// With at most 4 targets taken as certain, 'struct blk_ops.submit' (5) is
// a generic hook: its targets are entered where preemption is unknown, and
// only what each does itself could tell.
// RUN: not %kharden check --checks=percpu-preemptible %s %S/Inputs/indirect-ops.c --max-indirect-targets=4 -- %kflags | FileCheck %s --check-prefix=CAPPED %strict
// Alone, the file has neither the other file's target nor its
// registration function's store.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s --check-prefix=ALONE %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>
#include "Inputs/indirect-ops.h"

// CHECK: Inputs/indirect-ops.c:11:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
// CHECK: indirect-calls.c:[[@LINE+56]]:1: note: '__do_sys_submit' is a system call body: task context, preemptible
// CHECK: indirect-calls.c:[[@LINE+57]]:2: note: 'submit_elsewhere' called through 'struct blk_ops.submit'

DEFINE_PER_CPU(long, submitted);

static void submit_designated(int n)
{
	__this_cpu_add(submitted, n);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+47]]:1: note: '__do_sys_submit' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+48]]:2: note: 'submit_designated' called through 'struct blk_ops.submit'
	// ALONE: indirect-calls.c:[[@LINE-4]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)'
	// ALONE: indirect-calls.c:[[@LINE+44]]:1: note: '__do_sys_submit' is a system call body
	// ALONE: indirect-calls.c:[[@LINE+45]]:2: note: 'submit_designated' called through 'struct blk_ops.submit'
}

static void submit_positional(int n)
{
	__this_cpu_add(submitted, n);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+36]]:1: note: '__do_sys_submit' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+37]]:2: note: 'submit_positional' called through 'struct blk_ops.submit'
	// ALONE: indirect-calls.c:[[@LINE-4]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)'
	// ALONE: indirect-calls.c:[[@LINE+33]]:1: note: '__do_sys_submit' is a system call body
	// ALONE: indirect-calls.c:[[@LINE+34]]:2: note: 'submit_positional' called through 'struct blk_ops.submit'
}

static void submit_assigned(int n)
{
	__this_cpu_add(submitted, n);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+25]]:1: note: '__do_sys_submit' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+26]]:2: note: 'submit_assigned' called through 'struct blk_ops.submit'
	// ALONE: indirect-calls.c:[[@LINE-4]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)'
	// ALONE: indirect-calls.c:[[@LINE+22]]:1: note: '__do_sys_submit' is a system call body
	// ALONE: indirect-calls.c:[[@LINE+23]]:2: note: 'submit_assigned' called through 'struct blk_ops.submit'
}

static void submit_registered(int n)
{
	__this_cpu_add(submitted, n);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(submitted)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+14]]:1: note: '__do_sys_submit' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+15]]:2: note: 'submit_registered' called through 'struct blk_ops.submit'
}

static const struct blk_ops designated = { .submit = submit_designated };
static const struct blk_ops positional = { submit_positional };
static struct blk_ops assigned, registered;

void setup_blk(void)
{
	assigned.submit = submit_assigned;
	register_blk_ops(&registered, submit_registered);
}

SYSCALL_DEFINE2(submit, const struct blk_ops *, ops, int, n)
{
	ops->submit(n);
	ops->flush(); // nothing in the run stores a flush()
	return 0;
}

// Open: a value cast from data may be any function, and so may what a
// union's other member or code given the field's address stores; the calls
// stay unresolved and their targets get no context from them.
DEFINE_PER_CPU(long, ran);
void *raw_cookie;

static void run_hidden(int n)
{
	__this_cpu_add(ran, n);
}

void setup_raw(struct raw_ops *a, struct raw_ops *b)
{
	a->run = run_hidden;
	b->run = (void (*)(int))raw_cookie;
}

union any_op {
	void (*run)(int n);
	unsigned long raw;
};
struct hook_ops {
	void (*run)(int n);
};
void install_hook(void (**slot)(int n));

static void run_union(int n)
{
	__this_cpu_add(ran, n);
}

static void run_addressed(int n)
{
	__this_cpu_add(ran, n);
}

static union any_op any = { .run = run_union };
static struct hook_ops addressed = { .run = run_addressed };

void setup_hook(void)
{
	install_hook(&addressed.run);
}

SYSCALL_DEFINE2(run, struct raw_ops *, r, int, n)
{
	r->run(n);
	any.run(n);
	addressed.run(n);
	return 0;
}

// A variable, a const table and a local variable.
DEFINE_PER_CPU(long, ticks);

static void tick_table(void)
{
	__this_cpu_inc(ticks);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+46]]:1: note: '__do_sys_tick' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+49]]:2: note: 'tick_table' called through 'tickers'
	// ALONE: indirect-calls.c:[[@LINE-4]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)'
	// ALONE: indirect-calls.c:[[@LINE+43]]:1: note: '__do_sys_tick' is a system call body
	// ALONE: indirect-calls.c:[[@LINE+46]]:2: note: 'tick_table' called through 'tickers'
	// CAPPED: indirect-calls.c:[[@LINE-7]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)'
	// CAPPED: indirect-calls.c:[[@LINE+40]]:1: note: '__do_sys_tick' is a system call body
	// CAPPED: indirect-calls.c:[[@LINE+43]]:2: note: 'tick_table' called through 'tickers'
}

static void tick_hook(void)
{
	__this_cpu_inc(ticks);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+32]]:1: note: '__do_sys_tick' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+36]]:2: note: 'tick_hook' called through 'hook'
	// ALONE: indirect-calls.c:[[@LINE-4]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)'
	// ALONE: indirect-calls.c:[[@LINE+29]]:1: note: '__do_sys_tick' is a system call body
	// ALONE: indirect-calls.c:[[@LINE+33]]:2: note: 'tick_hook' called through 'hook'
	// CAPPED: indirect-calls.c:[[@LINE-7]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)'
	// CAPPED: indirect-calls.c:[[@LINE+26]]:1: note: '__do_sys_tick' is a system call body
	// CAPPED: indirect-calls.c:[[@LINE+30]]:2: note: 'tick_hook' called through 'hook'
}

static void tick_local(void)
{
	__this_cpu_inc(ticks);
	// CHECK: indirect-calls.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: indirect-calls.c:[[@LINE+18]]:1: note: '__do_sys_tick' is a system call body: task context, preemptible
	// CHECK: indirect-calls.c:[[@LINE+23]]:2: note: 'tick_local' called through 'local'
	// ALONE: indirect-calls.c:[[@LINE-4]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)'
	// ALONE: indirect-calls.c:[[@LINE+15]]:1: note: '__do_sys_tick' is a system call body
	// ALONE: indirect-calls.c:[[@LINE+20]]:2: note: 'tick_local' called through 'local'
	// CAPPED: indirect-calls.c:[[@LINE-7]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(ticks)'
	// CAPPED: indirect-calls.c:[[@LINE+12]]:1: note: '__do_sys_tick' is a system call body
	// CAPPED: indirect-calls.c:[[@LINE+17]]:2: note: 'tick_local' called through 'local'
}

static void (*const tickers[])(void) = { tick_table };
static void (*hook)(void);

void set_hook(void)
{
	hook = tick_hook;
}

SYSCALL_DEFINE1(tick, int, i)
{
	void (*local)(void) = tick_local;

	tickers[i]();
	hook();
	local();
	return 0;
}

/* Something reads 'submitted', 'ticks' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int submitted_decides(void)
{
	return raw_cpu_read(submitted) || raw_cpu_read(ticks);
}

// A primitive with `keep-call` is also a call: the trace ring buffer's
// reserve returns an event with preemption disabled and commit enables it
// again, in another file than their callers; the commit itself runs in
// its caller's context.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

#define NULL ((void *)0)

struct ring_buffer_event { int len; };
struct trace_buffer;
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *b,
                                                   unsigned long len);
int ring_buffer_unlock_commit(struct trace_buffer *b);

DEFINE_PER_CPU(int, taskinfo_save);

static void buffer_unlock_commit(struct trace_buffer *b)
{
	__this_cpu_write(taskinfo_save, 1);
	ring_buffer_unlock_commit(b);
}

static struct ring_buffer_event *lock_reserve(struct trace_buffer *b)
{
	struct ring_buffer_event *event = ring_buffer_lock_reserve(b, 8);

	if (event != NULL)
		event->len = 8;
	return event;
}

SYSCALL_DEFINE1(mark_write, struct trace_buffer *, b)
{
	struct ring_buffer_event *event = lock_reserve(b);

	if (!event)
		return -1;
	buffer_unlock_commit(b);
	__this_cpu_write(taskinfo_save, 0);
	// CHECK: keep-call.c:[[@LINE-1]]:2: warning: per-CPU write '__this_cpu_write(taskinfo_save)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: keep-call.c:[[@LINE-9]]:1: note: '__do_sys_mark_write' is a system call body: task context, preemptible
	return 0;
}

// trace_events_synth.c's shape (6.1 and 6.12): a nested reserve whose
// result is kept in a field and tested there, committed by another
// function. ring_buffer_nest_start() disables preemption, and the reserve,
// tested by no branch directly, is taken as succeeded.
struct synth_state {
	struct trace_buffer *buffer;
	struct ring_buffer_event *entry;
};
void ring_buffer_nest_start(struct trace_buffer *b);
void ring_buffer_nest_end(struct trace_buffer *b);

static int synth_start(struct synth_state *s)
{
	ring_buffer_nest_start(s->buffer);
	__this_cpu_write(taskinfo_save, 3);
	s->entry = ring_buffer_lock_reserve(s->buffer, 8);
	if (!s->entry) {
		ring_buffer_nest_end(s->buffer);
		return -1;
	}
	return 0;
}

static void synth_end(struct synth_state *s)
{
	__this_cpu_write(taskinfo_save, 4);
	ring_buffer_unlock_commit(s->buffer);
	ring_buffer_nest_end(s->buffer);
}

SYSCALL_DEFINE1(synth_write, struct trace_buffer *, b)
{
	struct synth_state s = { .buffer = b };

	if (synth_start(&s))
		return -1;
	synth_end(&s);
	return 0;
}

int ring_buffer_unlock_commit(struct trace_buffer *b)
{
	__this_cpu_write(taskinfo_save, 2);
	return 0;
}

/* Something reads 'taskinfo_save' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int taskinfo_save_decides(void)
{
	return raw_cpu_read(taskinfo_save);
}

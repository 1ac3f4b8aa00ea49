// A user access sleeps to handle a fault only where page faults are
// enabled; under pagefault_disable() it fails instead. is_prefetch() reads
// the faulting instruction with get_user() so, from the page fault handler:
// that is no evidence that the handler is preemptible. A callee's user
// access under its caller's pagefault_disable() is none either.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/uaccess.h>

DEFINE_PER_CPU(int, faults);

static int is_prefetch(const unsigned char __user *instr)
{
	unsigned char opcode = 0;

	pagefault_disable();
	if (get_user(opcode, instr))
		opcode = 0;
	pagefault_enable();
	return opcode == 0x0f;
}

void no_context_fault(const unsigned char __user *ip)
{
	if (is_prefetch(ip))
		return;
	__this_cpu_inc(faults);
}

static unsigned long read_frame(void *to, const void __user *from)
{
	return copy_from_user(to, from, 16);
}

void walk_user_stack(const void __user *fp)
{
	char frame[16];

	pagefault_disable();
	read_frame(frame, fp);
	pagefault_enable();
	__this_cpu_inc(faults);
}

// With page faults enabled, the same accesses may sleep.
void user_copy(const void __user *fp)
{
	char frame[16];

	read_frame(frame, fp);
	__this_cpu_inc(faults);
	// CHECK: pagefault-disable.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(faults)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: pagefault-disable.c:[[@LINE-3]]:2: note: 'read_frame()' called here may sleep: preemption and IRQs are enabled
}

void user_peek(const unsigned char __user *ip)
{
	unsigned char c;

	if (get_user(c, ip))
		return;
	__this_cpu_inc(faults);
	// CHECK: pagefault-disable.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(faults)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: pagefault-disable.c:[[@LINE-4]]:6: note: 'get_user(c, ip)' may sleep: preemption and IRQs are enabled here
}

/* Something reads 'faults' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int faults_decides(void)
{
	return raw_cpu_read(faults);
}

// --stats counts the call graph's cycles (its strongly connected
// components with more than one function, or a function that calls
// itself), calls through function pointers included: what a solve that went
// component by component would have to hold at once (docs/architecture.md).
// RUN: %expect-exit 0 %kharden check %s --stats -- %kflags 2>&1 | FileCheck %s
// CHECK: kharden: stats: entry contexts: 4 of 4 functions solved (what the checks read, and their callers; 5 in the run), 2 distinct states
// CHECK-NEXT: kharden: stats: call graph: 4 functions in 2 cycles (strongly connected components); the largest has 3 functions and 3 of the entry contexts
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, pings);

struct ops {
	void (*next)(int n);
};

static void ping(int n);
static void pong(int n);
static void relay(int n);

static const struct ops relay_ops = { .next = relay };

// ping -> pong -> (relay_ops.next) relay -> ping: one cycle of three.
static void ping(int n)
{
	__this_cpu_inc(pings);
	if (n)
		pong(n - 1);
}

static void pong(int n)
{
	relay_ops.next(n);
}

static void relay(int n)
{
	ping(n);
}

// A function that calls itself is a cycle of its own.
static int depth(int n)
{
	return n ? depth(n - 1) + 1 : 0;
}

// Calls into both cycles, and is in neither.
SYSCALL_DEFINE1(start, int, n)
{
	preempt_disable();
	ping(n);
	preempt_enable();
	return depth(n);
}

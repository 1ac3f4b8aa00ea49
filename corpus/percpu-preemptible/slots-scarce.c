// Slots are few (eight locals a function's paths remember). A call that says
// what it returned keeps its slot before repeated tests of locals whose
// address a callee gets: scan_swap_map_slots() (mm/swapfile.c, 6.1) tests
// `offset`, lent to its callees, many times, and takes si->lock back in
// swap_offset_available_and_locked() only when it returns true. (Before
// the fix: line 38 reported, the lock lost with the slot.)
// RUN: %kharden check --checks=percpu-preemptible --min-severity=note %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

struct dev { int state; };

DEFINE_PER_CPU(int, taken);
static spinlock_t lock;
void step(unsigned long *pos);
void note(unsigned long pos);

static _Bool available_and_locked(struct dev *d)
{
	if (d->state) {
		spin_lock(&lock);
		return 1;
	}
	return 0;
}

SYSCALL_DEFINE1(scarce, struct dev *, d)
{
	unsigned long a = 0, b = 0, c = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0;

	step(&a); step(&b); step(&c); step(&e); step(&f);
	step(&g); step(&h); step(&i); step(&j);
	if (a > 3) note(1); if (b > 3) note(2); if (c > 3) note(3); if (e > 3) note(4);
	if (f > 3) note(5); if (g > 3) note(6); if (h > 3) note(7); if (i > 3) note(8);
	if (j > 3) note(9);
	if (available_and_locked(d)) {
		__this_cpu_inc(taken);
		spin_unlock(&lock);
	}
	if (a > 3) note(1); if (b > 3) note(2); if (c > 3) note(3); if (e > 3) note(4);
	if (f > 3) note(5); if (g > 3) note(6); if (h > 3) note(7); if (i > 3) note(8);
	if (j > 3) note(9);
	return 0;
}

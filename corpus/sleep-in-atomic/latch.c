// A latch is a variable of the file that starts at zero and that the file
// only ever sets to a non-zero constant: once set, it stays set
// (kernel/stop_machine.c's `static bool stop_machine_initialized`, set by
// cpu_stop_init(); stop_machine_cpuslocked() calls its function with IRQs
// off `if (!stop_machine_initialized)`, at boot only). A test that finds it
// zero runs before the set-up, which no caller's code shows: a sleep there
// is a possible one, a note, for a file-scope latch and a function's own
// static. A flag the file clears again, one another file defines, one
// whose address is taken, one never set, and a sleep where the latch is set
// are warnings.
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s -- %kflags | FileCheck %s %strict
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s --check-prefix=DEFAULT %strict
#include <linux/irqflags.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

static spinlock_t lock;
static struct mutex setup_mutex;

static bool stopper_ready = false;

void stopper_init(void)
{
	stopper_ready = true;
}

int run_stopped(int (*fn)(void))
{
	unsigned long flags;
	int ret;

	if (!stopper_ready) {
		local_irq_save(flags);
		ret = fn();
		local_irq_restore(flags);
		return ret;
	}
	return fn();
}

static int park(void)
{
	mutex_lock(&setup_mutex);
	mutex_unlock(&setup_mutex);
	return 0;
}

int take_down(void)
{
	return run_stopped(park);
}

void once_here(void)
{
	static bool done;

	spin_lock(&lock);
	if (!done) {
		msleep(1);
		done = 1;
	}
	spin_unlock(&lock);
}

static bool online;

void go_online(void)
{
	online = true;
}

void go_offline(void)
{
	online = false;
}

void while_offline(void)
{
	spin_lock(&lock);
	if (!online)
		msleep(1);
	spin_unlock(&lock);
}

extern bool shared_ready;

void shared_setup(void)
{
	shared_ready = true;
}

void before_shared(void)
{
	spin_lock(&lock);
	if (!shared_ready)
		msleep(1);
	spin_unlock(&lock);
}

static bool written_through;

void write_through(void)
{
	*(volatile bool *)&written_through = 1;
}

void before_written(void)
{
	spin_lock(&lock);
	if (!written_through)
		msleep(1);
	spin_unlock(&lock);
}

static bool never_set;

void before_never(void)
{
	spin_lock(&lock);
	if (!never_set)
		msleep(1);
	spin_unlock(&lock);
}

void after_setup(void)
{
	spin_lock(&lock);
	if (stopper_ready)
		msleep(1);
	spin_unlock(&lock);
}
// CHECK: latch.c:35:9: note: 'park()' may sleep, called through 'fn' with IRQs disabled [sleep-in-atomic]
// CHECK: latch.c:34:3: note: atomic region begun here by 'local_irq_save(flags)'
// CHECK: latch.c:44:2: note: 'mutex_lock()' may sleep here
// CHECK: latch.c:33:6: note: before the set-up: '!stopper_ready' finds 'stopper_ready' zero, which the file only ever sets to non-zero values: whether the set-up has run is the system's state, so the sleep is a possible one
// CHECK: latch.c:60:3: note: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: latch.c:58:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: latch.c:59:6: note: before the set-up: '!done' finds 'done' zero, which the file only ever sets to non-zero values: whether the set-up has run is the system's state, so the sleep is a possible one
// CHECK: latch.c:82:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: latch.c:80:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: latch.c:97:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: latch.c:95:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: latch.c:112:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: latch.c:110:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: latch.c:122:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: latch.c:120:2: note: atomic region begun here by 'spin_lock(&lock)'
// CHECK: latch.c:130:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// CHECK: latch.c:128:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: latch.c:82:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: latch.c:80:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: latch.c:97:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: latch.c:95:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: latch.c:112:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: latch.c:110:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: latch.c:122:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: latch.c:120:2: note: atomic region begun here by 'spin_lock(&lock)'
// DEFAULT: latch.c:130:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// DEFAULT: latch.c:128:2: note: atomic region begun here by 'spin_lock(&lock)'

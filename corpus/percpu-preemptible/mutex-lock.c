// mutex_lock() sleeps: a mutex does not make per-CPU access safe.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/mutex.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(int, generation);
static struct mutex cfg_mutex;

void bump_generation(void)
{
	mutex_lock(&cfg_mutex);
	__this_cpu_inc(generation);
	// CHECK: mutex-lock.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(generation)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: mutex-lock.c:[[@LINE-3]]:2: note: 'mutex_lock(&cfg_mutex)' may sleep: preemption and IRQs are enabled here
	mutex_unlock(&cfg_mutex);
}

/* Something reads 'generation' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int generation_decides(void)
{
	return raw_cpu_read(generation);
}

// might_sleep() is evidence that preemption and IRQs are on, even where
// nothing is known about the callers.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/sched.h>

DEFINE_PER_CPU(int, cache_hint);

int refresh_hint(void)
{
	might_sleep();
	return raw_cpu_read(cache_hint);
	// CHECK: might-sleep.c:[[@LINE-1]]:9: warning: per-CPU read 'raw_cpu_read(cache_hint)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
	// CHECK: might-sleep.c:[[@LINE-3]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
}

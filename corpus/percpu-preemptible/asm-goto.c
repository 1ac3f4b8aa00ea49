// An `asm goto` ends a block with two successors that branches on no
// expression (6.1's static keys, nft_set_pipapo_avx2.c): clang's
// getLastCondition() would read the statement as one, which crashed the
// analysis of the whole run. Both paths are followed.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/sched.h>

DEFINE_PER_CPU(int, hits);

int count_unless_jumped(void)
{
	might_sleep();
	asm goto("" : : : : jumped);
	raw_cpu_inc(hits);
	// CHECK: asm-goto.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(hits)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: asm-goto.c:[[@LINE-4]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	return 0;
jumped:
	return raw_cpu_read(hits);
	// CHECK: asm-goto.c:[[@LINE-1]]:9: warning: per-CPU read 'raw_cpu_read(hits)' where preemption is enabled
	// CHECK: asm-goto.c:[[@LINE-9]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
}

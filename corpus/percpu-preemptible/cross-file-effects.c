// Callees another file defines that return holding what their caller then
// relies on, and that release it: 6.1's __irq_get_desc_lock() (kernel/irq/
// irqdesc.c) returns with the descriptor's lock held and IRQs off, which
// __irq_set_handler() (kernel/irq/chip.c) holds across its code until
// irq_put_desc_busunlock(); the trace ring buffer's reserve returns with
// preemption disabled until the commit. Checked with the callees' file, the
// run takes their exits: the writes between lock and unlock, and between
// reserve and commit, are not reported.
// RUN: not %kharden check --checks=percpu-preemptible --stats %s %S/Inputs/cross-file-locks.c -- %kflags 2>%t.err | FileCheck %s %strict
// RUN: FileCheck %s --check-prefix=STATS < %t.err
// STATS: kharden: stats: 2 translation units: 2 analysed, 0 reused (no database); 1 again with the exits of 4 functions in other files (rounds of 1)
// The summary database keeps what each unit was analysed with: a re-run
// reuses both; an edit of the callees' file that leaves their exits as they
// were analyses that file alone, one that changes them its callers too.
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/main.c && cp %S/Inputs/cross-file-locks.c %t.dir/locks.c
// RUN: not %kharden check --checks=percpu-preemptible --db %t.dir/s.db --stats %t.dir/main.c %t.dir/locks.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=DB1
// DB1: 2 translation units: 2 analysed, 0 reused ({{.*}}s.db); 1 again with the exits of 4 functions in other files (rounds of 1)
// RUN: not %kharden check --checks=percpu-preemptible --db %t.dir/s.db --stats %t.dir/main.c %t.dir/locks.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=DB2
// DB2: 2 translation units: 0 analysed, 2 reused ({{.*}}s.db){{$}}
// RUN: echo '/* edited */' >> %t.dir/locks.c
// RUN: not %kharden check --checks=percpu-preemptible --db %t.dir/s.db --stats %t.dir/main.c %t.dir/locks.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=DB3
// DB3: 2 translation units: 1 analysed, 1 reused ({{.*}}s.db){{$}}
// RUN: sed -i 's/preempt_enable_notrace();//' %t.dir/locks.c
// RUN: not %kharden check --checks=percpu-preemptible --db %t.dir/s.db --stats %t.dir/main.c %t.dir/locks.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=DB4
// DB4: 2 translation units: 1 analysed, 1 reused ({{.*}}s.db); 1 again with the exits of 3 functions in other files (rounds of 1)
// Without them, a summary made with imports is analysed again alone.
// RUN: not %kharden check --checks=percpu-preemptible --db %t.dir/s.db --stats --cross-file-effects=false %t.dir/main.c %t.dir/locks.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=DB5
// DB5: 2 translation units: 0 analysed, 2 reused ({{.*}}s.db); 1 again with the exits of 0 functions in other files (rounds of 1)
// Each unit alone (or the main file without the callees'), the calls change
// nothing: every write is reported.
// RUN: not %kharden check --checks=percpu-preemptible --cross-file-effects=false %s %S/Inputs/cross-file-locks.c -- %kflags | FileCheck %s --check-prefix=ALONE %strict
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s --check-prefix=ALONE %strict
// A boolean option: anything else is a usage error.
// RUN: %expect-exit 2 %kharden check --cross-file-effects=maybe %s -- %kflags 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --cross-file-effects option: 'maybe' is invalid value for boolean argument
#include <linux/percpu.h>
#include <linux/sched.h>

struct desc;
struct desc *desc_lock(struct desc *d, unsigned long *flags);
void desc_unlock(struct desc *d, unsigned long flags);
void reserve(void);
void commit(void);

DEFINE_PER_CPU(int, owner);

void set_owner(struct desc *d, int cpu)
{
	unsigned long flags;

	might_sleep();
	desc_lock(d, &flags);
	raw_cpu_write(owner, cpu);
	// ALONE: cross-file-effects.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// ALONE: cross-file-effects.c:[[@LINE-4]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	desc_unlock(d, flags);
	raw_cpu_write(owner, 0);
	// CHECK: cross-file-effects.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: cross-file-effects.c:[[@LINE-8]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	// ALONE: cross-file-effects.c:[[@LINE-3]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// ALONE: cross-file-effects.c:[[@LINE-10]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	reserve();
	raw_cpu_write(owner, 1);
	// ALONE: cross-file-effects.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// ALONE: cross-file-effects.c:[[@LINE-14]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	commit();
	raw_cpu_write(owner, 2);
	// CHECK: cross-file-effects.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// CHECK: cross-file-effects.c:[[@LINE-18]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
	// ALONE: cross-file-effects.c:[[@LINE-3]]:2: warning: per-CPU write 'raw_cpu_write(owner)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]
	// ALONE: cross-file-effects.c:[[@LINE-20]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
}

/* Something reads 'owner' for a decision: the writes above are of
 * consequence unknown, not lost updates. */
int owner_decides(void)
{
	return raw_cpu_read(owner);
}

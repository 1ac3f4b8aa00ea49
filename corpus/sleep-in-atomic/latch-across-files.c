// A flag of external linkage is a latch where the run's files together say
// so: one defines it at zero, some set it only to non-zero constants, none
// writes it another way or takes its address. x86's `int after_bootmem;`
// (arch/x86/mm/init.c) is set to 1 by mem_init() (init_64.c, init_32.c) and
// nowhere cleared, in 6.1.170-3 and 6.12.117; spp_getpage() allocates from
// memblock, which may sleep, only `if (!after_bootmem)`, at boot. Alone,
// this file's flag is defined nowhere: a warning. With the file that
// defines and sets it, a note; with one more that clears it, a warning.
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s -- %kflags | FileCheck %s --check-prefix=WARN %strict
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s %S/Inputs/latch-set.c -- %kflags | FileCheck %s --check-prefix=NOTE %strict
// RUN: not %kharden check --checks=sleep-in-atomic --min-severity=note %s %S/Inputs/latch-set.c %S/Inputs/latch-clear.c -- %kflags | FileCheck %s --check-prefix=WARN %strict
#include <linux/sched.h>
#include <linux/spinlock.h>

extern int after_bootmem;
static spinlock_t lock;

void set_pte(void)
{
	spin_lock(&lock);
	if (!after_bootmem)
		msleep(1);
	spin_unlock(&lock);
}
// WARN: latch-across-files.c:22:3: warning: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// WARN: latch-across-files.c:20:2: note: atomic region begun here by 'spin_lock(&lock)'
// NOTE: latch-across-files.c:22:3: note: 'msleep()' may sleep, called with preemption disabled [sleep-in-atomic]
// NOTE: latch-across-files.c:20:2: note: atomic region begun here by 'spin_lock(&lock)'
// NOTE: latch-across-files.c:21:6: note: before the set-up: '!after_bootmem' finds 'after_bootmem' zero, which the run's files only ever set to non-zero values: whether the set-up has run is the system's state, so the sleep is a possible one

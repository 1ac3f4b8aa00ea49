// A handoff of a value that is neither secret nor fresh (no random source,
// no stack offset) is reported only with ReportAllValues, as a note.
// RUN: %kharden check --checks=split-percpu-handoff %s -- %kflags | count 0
// RUN: not %kharden check --checks=split-percpu-handoff --check-option=split-percpu-handoff.ReportAllValues=true %s -- %kflags | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, last_nr);

SYSCALL_DEFINE1(enter, int, nr)
{
	int prev = __this_cpu_read(last_nr);

	return prev == nr;
}

SYSCALL_DEFINE1(leave, int, nr)
{
	__this_cpu_write(last_nr, nr);
	return 0;
}

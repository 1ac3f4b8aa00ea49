// --diff keeps the findings whose location or one of whose notes lies on a
// line the patch adds or changes. A patch that only adds local_irq_enable()
// above an old per-CPU update makes that update new: its note points at the
// added line. New findings are marked "[new]"; exit 1 only if some remain.
// RUN: rm -rf %t && mkdir -p %t/linux/arch/x86/entry
// RUN: cp %S/Inputs/presubmit/entry-base.c %t/linux/arch/x86/entry/entry.c
// RUN: %expect-exit 0 %kharden check --format=json -o %t/base.json %t/linux/arch/x86/entry/entry.c -- %kflags
// RUN: cp %S/Inputs/presubmit/entry-head.c %t/linux/arch/x86/entry/entry.c
//
// RUN: %expect-exit 1 %kharden check --diff %S/Inputs/presubmit/irq-enable.diff %t/linux/arch/x86/entry/entry.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NEW %strict
// NEW:      entry.c:14:2: warning: [new] per-CPU read-modify-write 'raw_cpu_inc(entry_count)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
// NEW:      entry.c:9:6: note: 'do_syscall_64' is entered from user mode in task context with IRQs disabled (syscall entry)
// NEW:      entry.c:13:2: note: IRQs enabled here by 'local_irq_enable()'
// NEW:      kharden: 1 new finding; 0 outside the diff
//
// The same diff from standard input, with a baseline of the patch's base
// (which had no finding), and in JSON.
// RUN: cat %S/Inputs/presubmit/irq-enable.diff | %expect-exit 1 %kharden check --diff - --baseline %t/base.json --format=json %t/linux/arch/x86/entry/entry.c -- %kflags 2>&1 | FileCheck %s --check-prefix=JSON
// JSON:      "filtered": {
// JSON-NEXT:   "in_baseline": 0,
// JSON-NEXT:   "outside_diff": 0
// JSON-NEXT: },
// JSON:      "findings": [
// JSON:        "line": 14,
// JSON:        "message": "per-CPU read-modify-write 'raw_cpu_inc(entry_count)'
// JSON:      kharden: 1 new finding; 0 in the baseline, 0 outside the diff
//
// A later patch that only adds a line at the top leaves the finding old.
// RUN: cp %S/Inputs/presubmit/entry-head2.c %t/linux/arch/x86/entry/entry.c
// RUN: %expect-exit 0 %kharden check --diff %S/Inputs/presubmit/license-line.diff %t/linux/arch/x86/entry/entry.c -- %kflags 2>&1 | FileCheck %s --check-prefix=OLD %strict
// OLD: kharden: 0 new findings; 1 outside the diff
// Without --diff, it is there.
// RUN: %expect-exit 1 %kharden check %t/linux/arch/x86/entry/entry.c -- %kflags | FileCheck %s --check-prefix=ALL
// ALL: entry.c:15:2: warning: per-CPU read-modify-write 'raw_cpu_inc(entry_count)'
//
// A diff kharden cannot read is an error, never an empty filter.
// RUN: %expect-exit 2 %kharden check --diff %S/Inputs/presubmit/entry-base.c %t/linux/arch/x86/entry/entry.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOTDIFF
// NOTDIFF: kharden: error: {{.*}}entry-base.c: not a unified diff (no '--- '/'+++ ' file header)
// RUN: head -5 %S/Inputs/presubmit/irq-enable.diff > %t/cut.diff
// RUN: %expect-exit 2 %kharden check --diff %t/cut.diff %t/linux/arch/x86/entry/entry.c -- %kflags 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: kharden: error: {{.*}}cut.diff:5:1: the hunk ends early: 13 line(s) short of what its header says
// RUN: %expect-exit 2 %kharden check --diff %t/none.diff %t/linux/arch/x86/entry/entry.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: kharden: error: {{.*}}none.diff: No such file or directory

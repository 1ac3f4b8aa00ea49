// Severities and --min-severity: an error (split-rmw), a warning (unknown)
// and a note (lost-update) from one file; by default warnings and errors.
// RUN: %expect-exit 1 %kharden check %S/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=DEFAULT %strict
// DEFAULT: severities.c:10:9: error: per-CPU read 'raw_cpu_read(offset)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// DEFAULT: severities.c:7:1: note: '__do_sys_enter' is a system call body: task context, preemptible
// DEFAULT: severities.c:10:9: note: split-rmw: the value of 'offset' read here is used
// DEFAULT: severities.c:10:9: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
// DEFAULT: severities.c:15:2: note: 'offset' is written here by 'raw_cpu_write' in '__do_sys_leave': a task that ran in between may have used the same value
// DEFAULT: severities.c:15:2: warning: per-CPU write 'raw_cpu_write(offset)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]{{$}}
// DEFAULT: severities.c:13:1: note: '__do_sys_leave' is a system call body: task context, preemptible
// DEFAULT: kharden: 2 findings; 1 below --min-severity=warning
//
// RUN: %expect-exit 1 %kharden check --min-severity=note %S/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOTE %strict
// NOTE: severities.c:9:2: note: per-CPU read-modify-write '__this_cpu_inc(calls)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible] [lost-update]{{$}}
// NOTE: severities.c:7:1: note: '__do_sys_enter' is a system call body: task context, preemptible
// NOTE: severities.c:9:2: note: lost-update: nothing in the run reads 'calls' for a decision; an interleaving task can at worst lose this update
// NOTE: severities.c:10:9: error: per-CPU read
// NOTE-COUNT-4: note:
// NOTE: severities.c:15:2: warning: per-CPU write
// NOTE: note:
//
// RUN: %expect-exit 1 %kharden check --min-severity=error --format=json %S/Inputs/severities.c -- %kflags 2>%t.err | FileCheck %s --check-prefix=ERROR
// RUN: FileCheck %s --check-prefix=ERROR-COUNT < %t.err
// ERROR:      "filtered": {
// ERROR-NEXT:   "below_min_severity": 2
// ERROR-NEXT: },
// ERROR:      "findings": [
// ERROR-NEXT:   {
// ERROR-NEXT:     "check": "percpu-preemptible",
// ERROR-NEXT:     "column": 9,
// ERROR-NEXT:     "consequence": "split-rmw",
// ERROR:          "severity": "error",
// ERROR-NEXT:     "variable": "offset"
// ERROR-NEXT:   }
// ERROR-NEXT: ],
// ERROR-COUNT: kharden: 1 finding; 2 below --min-severity=error
//
// In SARIF the level is the severity, the class a property.
// RUN: %expect-exit 1 %kharden check --min-severity=note --format=sarif %S/Inputs/severities.c -- %kflags 2>/dev/null | FileCheck %s --check-prefix=SARIF
// SARIF:      "level": "note",
// SARIF:      "properties": {
// SARIF-NEXT:   "consequence": "lost-update"
// SARIF:      "level": "error",
// SARIF:      "properties": {
// SARIF-NEXT:   "consequence": "split-rmw"
// SARIF:      "level": "warning",
// SARIF:      "properties": {
// SARIF-NEXT:   "consequence": "unknown"
//
// Only notes: nothing reported, exit 0.
// RUN: %expect-exit 0 %kharden check --checks=percpu-preemptible %S/../percpu-preemptible/consequence-lost-update.c -- %kflags 2>&1 | FileCheck %s --check-prefix=ONLYNOTES %strict
// ONLYNOTES: kharden: 0 findings; 8 below --min-severity=warning
//
// A typed option: anything else is a usage error, and --help lists it.
// RUN: %expect-exit 2 %kharden check --min-severity=fatal %S/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --min-severity option: Cannot find option named 'fatal'!
// RUN: %kharden check --help | FileCheck %s --check-prefix=HELP
// HELP: --min-severity=<value>
// HELP-NEXT: =note
// HELP-NEXT: =warning
// HELP-NEXT: =error

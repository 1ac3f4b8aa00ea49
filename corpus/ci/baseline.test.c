// --baseline reports only the findings an earlier run (the patch's base)
// did not have, matched by check, file, function, variable and kind of
// evidence: lines inserted above a finding do not make it new.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %S/Inputs/presubmit/handler-base.c %t/handler.c
// RUN: %expect-exit 1 %kharden check --format=json -o %t/base.json %t/handler.c -- %kflags
//
// The patch inserts four lines above the finding: nothing new.
// RUN: cp %S/Inputs/presubmit/handler-shifted.c %t/handler.c
// RUN: %expect-exit 0 %kharden check --baseline %t/base.json %t/handler.c -- %kflags 2>&1 | FileCheck %s --check-prefix=SHIFTED %strict
// SHIFTED: kharden: 0 new findings; 1 in the baseline
// RUN: %expect-exit 1 %kharden check %t/handler.c -- %kflags | FileCheck %s --check-prefix=MOVED
// MOVED: handler.c:14:9: warning: per-CPU read 'raw_cpu_read(last_caller)'
//
// The patch also adds a read of another variable: that one is new.
// RUN: cp %S/Inputs/presubmit/handler-added.c %t/handler.c
// RUN: %expect-exit 1 %kharden check --baseline %t/base.json %t/handler.c -- %kflags 2>&1 | FileCheck %s --check-prefix=ADDED %strict
// ADDED: handler.c:15:9: warning: [new] per-CPU read 'raw_cpu_read(call_count)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
// ADDED: handler.c:12:1: note: '__do_sys_peek' is a system call body: task context, preemptible
// ADDED: kharden: 1 new finding; 1 in the baseline
//
// SARIF carries the same line-independent fingerprint for GitHub code
// scanning: the old finding has the same one before and after the shift.
// RUN: cp %S/Inputs/presubmit/handler-base.c %t/handler.c
// RUN: %expect-exit 1 %kharden check --format=sarif %t/handler.c -- %kflags > %t/both.sarif
// RUN: cp %S/Inputs/presubmit/handler-shifted.c %t/handler.c
// RUN: %expect-exit 1 %kharden check --format=sarif %t/handler.c -- %kflags >> %t/both.sarif
// RUN: FileCheck %s --check-prefix=SARIF < %t/both.sarif
// SARIF:      "startLine": 10
// SARIF:      "partialFingerprints": {
// SARIF-NEXT:   "khardenFingerprint/v1": "[[FP:[0-9a-f]{32}]]"
// SARIF:      "startLine": 14
// SARIF:      "partialFingerprints": {
// SARIF-NEXT:   "khardenFingerprint/v1": "[[FP]]"
//
// A baseline kharden cannot read is an error.
// RUN: %expect-exit 2 %kharden check --baseline %S/Inputs/presubmit/handler-base.c %t/handler.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOTJSON
// NOTJSON: kharden: error: {{.*}}handler-base.c: not JSON: [1:1, byte=1]: Invalid JSON value
// RUN: echo '{"tool": "kharden"}' > %t/empty.json
// RUN: %expect-exit 2 %kharden check --baseline %t/empty.json %t/handler.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOTRESULT
// NOTRESULT: kharden: error: {{.*}}empty.json: not a kharden JSON result (no "findings" array; write one with --format=json)
// RUN: %expect-exit 2 %kharden check --baseline %t/none.json %t/handler.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: kharden: error: {{.*}}none.json: No such file or directory
//
// A baseline finding with a consequence class knows only findings of that
// class; one without (written before classes) knows any.
// RUN: %expect-exit 1 %kharden check --format=json -o %t/classes.json %S/../cli/Inputs/severities.c -- %kflags
// RUN: %expect-exit 0 %kharden check --baseline %t/classes.json %S/../cli/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=SAMECLASS %strict
// SAMECLASS: kharden: 0 new findings; 1 below --min-severity=warning, 2 in the baseline
// RUN: sed 's/"split-rmw"/"lost-update"/' %t/classes.json > %t/other-class.json
// RUN: %expect-exit 1 %kharden check --baseline %t/other-class.json %S/../cli/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NEWCLASS
// NEWCLASS:     severities.c:10:9: error: [new] per-CPU read 'raw_cpu_read(offset)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
// NEWCLASS-NOT: warning:
// NEWCLASS:     kharden: 1 new finding; 1 below --min-severity=warning, 1 in the baseline
// RUN: sed '/"consequence"/d' %t/classes.json > %t/before-classes.json
// RUN: %expect-exit 0 %kharden check --baseline %t/before-classes.json %S/../cli/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=BEFORE %strict
// BEFORE: kharden: 0 new findings; 1 below --min-severity=warning, 2 in the baseline

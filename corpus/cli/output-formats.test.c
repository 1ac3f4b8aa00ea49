// The same finding in JSON and SARIF, and written with -o.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %kharden check --format=json %S/Inputs/finding.c -- %kflags | FileCheck %s --check-prefix=JSON
// JSON:      "findings": [
// JSON-NEXT:   {
// JSON-NEXT:     "check": "percpu-preemptible",
// JSON-NEXT:     "column": 9,
// JSON-NEXT:     "consequence": "unknown",
// JSON-NEXT:     "evidence": "read",
// JSON-NEXT:     "file": "{{.*}}Inputs/finding.c",
// JSON-NEXT:     "function": "__do_sys_look",
// JSON-NEXT:     "line": 8,
// JSON-NEXT:     "message": "per-CPU read 'raw_cpu_read(seen)' where preemption is enabled; the task may migrate and read another CPU's copy",
// JSON-NEXT:     "notes": [
// JSON-NEXT:       {
// JSON-NEXT:         "column": 1,
// JSON-NEXT:         "file": "{{.*}}Inputs/finding.c",
// JSON-NEXT:         "line": 6,
// JSON-NEXT:         "message": "'__do_sys_look' is a system call body: task context, preemptible"
// JSON-NEXT:       }
// JSON-NEXT:     ],
// JSON-NEXT:     "severity": "warning",
// JSON-NEXT:     "variable": "seen"
// JSON-NEXT:   }
// JSON-NEXT: ],
//
// RUN: %expect-exit 1 %kharden check --format=sarif -o %t/out.sarif %S/Inputs/finding.c -- %kflags
// RUN: FileCheck %s --check-prefix=SARIF < %t/out.sarif
// SARIF: "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json"
// SARIF: "codeFlows": [
// SARIF: "text": "'__do_sys_look' is a system call body: task context, preemptible"
// SARIF: "startLine": 6
// SARIF: "message": {
// SARIF-NEXT: "text": "per-CPU read 'raw_cpu_read(seen)' where preemption is enabled; the task may migrate and read another CPU's copy"
// SARIF: "ruleId": "percpu-preemptible"
// SARIF: "version": "2.1.0"
//
// RUN: %expect-exit 0 %kharden check --format=json %S/Inputs/clean.c -- %kflags | FileCheck %s --check-prefix=EMPTY
// EMPTY: "findings": [],

// sleep-in-atomic's findings in JSON and SARIF, through a baseline and
// suppressions, as every check's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %kharden check --checks=sleep-in-atomic --format=json %S/tasklet.c -- %kflags | FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 %kharden check --checks=sleep-in-atomic --format=sarif -o %t/out.sarif %S/tasklet.c -- %kflags
// RUN: FileCheck %s --check-prefix=SARIF < %t/out.sarif
// RUN: %expect-exit 1 %kharden check --checks=sleep-in-atomic --format=json -o %t/base.json %S/tasklet.c -- %kflags
// RUN: %expect-exit 0 %kharden check --checks=sleep-in-atomic --baseline %t/base.json %S/tasklet.c -- %kflags 2>&1 | FileCheck %s --check-prefix=BASELINE %strict
// RUN: printf 'suppressions:\n  - check: sleep-in-atomic\n    function: rx_tasklet\n    reason: test\n' > %t/suppressions.yaml
// RUN: %expect-exit 0 %kharden check --checks=sleep-in-atomic --suppressions %t/suppressions.yaml %S/tasklet.c -- %kflags 2>&1 | FileCheck %s --check-prefix=SUPPRESSED %strict
// JSON:      "findings": [
// JSON-NEXT:   {
// JSON-NEXT:     "check": "sleep-in-atomic",
// JSON-NEXT:     "column": 2,
// JSON-NEXT:     "consequence": "",
// JSON-NEXT:     "evidence": "softirq",
// JSON-NEXT:     "file": "{{.*}}tasklet.c",
// JSON-NEXT:     "function": "rx_tasklet",
// JSON-NEXT:     "line": 10,
// JSON-NEXT:     "message": "'msleep()' may sleep, called where the context may be a softirq",
// JSON-NEXT:     "notes": [
// JSON-NEXT:       {
// JSON-NEXT:         "column": 20,
// JSON-NEXT:         "file": "{{.*}}tasklet.c",
// JSON-NEXT:         "line": 15,
// JSON-NEXT:         "message": "'rx_tasklet' is a tasklet: runs in softirq context, with BH disabled"
// JSON-NEXT:       }
// JSON-NEXT:     ],
// JSON-NEXT:     "severity": "warning",
// JSON-NEXT:     "variable": ""
// JSON-NEXT:   }
// JSON-NEXT: ],
// SARIF: "text": "'rx_tasklet' is a tasklet: runs in softirq context, with BH disabled"
// SARIF: "startLine": 15
// SARIF: "text": "'msleep()' may sleep, called where the context may be a softirq"
// SARIF: "startLine": 10
// SARIF: "ruleId": "sleep-in-atomic"
// BASELINE: kharden: 0 new findings; 1 in the baseline
// SUPPRESSED: kharden: 0 findings; 1 suppressed ({{.*}}suppressions.yaml)

// --suppressions FILE: accepted findings, each with a reason; file patterns
// are relative to the suppressions file's directory. What was suppressed is
// counted on stderr and in JSON's "filtered".
// RUN: %S/Inputs/make-tree.sh %t
// RUN: printf 'suppressions:\n  - check: percpu-preemptible\n    file: gamma.c\n    reason: gamma_count is a statistic; another CPU'"'"'s copy will do\n' > %t/suppressions.yaml
// RUN: %expect-exit 1 %kharden check -p %t --no-db --suppressions %t/suppressions.yaml 2>&1 | FileCheck %s --check-prefix=ONE
// ONE-NOT: gamma.c:{{.*}} warning:
// ONE:     callee.c:7:2: warning: per-CPU write
// ONE-NOT: gamma.c:{{.*}} warning:
// ONE:     shared.h:8:9: warning: per-CPU read
// ONE-NOT: gamma.c:{{.*}} warning:
// ONE:     kharden: 2 findings; 1 suppressed ({{.*}}suppressions.yaml)
// RUN: %expect-exit 1 %kharden check -p %t --no-db --suppressions %t/suppressions.yaml --format=json 2>/dev/null | FileCheck %s --check-prefix=JSON
// JSON:      "filtered": {
// JSON-NEXT:   "suppressed": 1
// JSON-NEXT: },
//
// Everything accepted: exit 0.
// RUN: %expect-exit 0 %kharden check -p %t --no-db --suppressions %S/Inputs/suppress-all.yaml 2>&1 | FileCheck %s --check-prefix=ALL %strict
// ALL: kharden: 0 findings; 3 suppressed ({{.*}}suppress-all.yaml)
//
// Every suppression needs a reason; mistakes are one-line errors.
// RUN: printf 'suppressions:\n  - check: percpu-preemptible\n    function: "*"\n' > %t/no-reason.yaml
// RUN: %expect-exit 2 %kharden check -p %t --no-db --suppressions %t/no-reason.yaml 2>&1 | FileCheck %s --check-prefix=NOREASON
// NOREASON: kharden: error: {{.*}}no-reason.yaml:2:5: missing required key 'reason'
// RUN: printf 'suppressions:\n  - check: percpu-preemptive\n    function: "*"\n    reason: typo\n' > %t/typo.yaml
// RUN: %expect-exit 2 %kharden check -p %t --no-db --suppressions %t/typo.yaml 2>&1 | FileCheck %s --check-prefix=TYPO
// TYPO: kharden: error: {{.*}}typo.yaml:2:5: unknown check 'percpu-preemptive' (see kharden check --list-checks)
//
// A suppression may name a consequence class: it covers only findings of
// that class (the split read-modify-write here, not the write).
// RUN: printf 'suppressions:\n  - check: percpu-preemptible\n    function: "*"\n    consequence: split-rmw\n    reason: the handoff is known\n' > %t/split.yaml
// RUN: %expect-exit 1 %kharden check --suppressions %t/split.yaml %S/../cli/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=CLASS
// CLASS-NOT: error:
// CLASS:     severities.c:15:2: warning: per-CPU write 'raw_cpu_write(offset)'
// CLASS-NOT: error:
// CLASS:     kharden: 1 finding; 1 below --min-severity=warning, 1 suppressed ({{.*}}split.yaml)
// RUN: printf 'suppressions:\n  - check: percpu-preemptible\n    function: "*"\n    consequence: split-rmws\n    reason: typo\n' > %t/bad-class.yaml
// RUN: %expect-exit 2 %kharden check --suppressions %t/bad-class.yaml %S/../cli/Inputs/severities.c -- %kflags 2>&1 | FileCheck %s --check-prefix=BADCLASS
// BADCLASS: kharden: error: {{.*}}bad-class.yaml:2:5: unknown consequence 'split-rmws' (one of split-rmw, wrong-cpu-state, lost-update, cpu-choice, unknown)

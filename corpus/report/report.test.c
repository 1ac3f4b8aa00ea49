// kharden report: findings, scheme and proofs of a tree; with --base, the
// delta and the code responsible.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 0 %kharden report --format=json -o %t/base.json %S/Inputs/base/syscall.c -- %kflags
// RUN: FileCheck %s --check-prefix=BASE < %t/base.json
// BASE:      "findings": [],
// BASE:      "kind": "report",
// BASE:      "schemes": [
// BASE:      "property": "atomicity.freshness",
// BASE-NEXT: "status": "proved",
//
// get_random_u16() -> get_random_u8(): the fresh min-entropy falls; exit 1.
// RUN: %expect-exit 1 %kharden report --base %t/base.json %S/Inputs/head/syscall.c -- %kflags | FileCheck %s --check-prefix=DELTA
// DELTA: ## Delta against the base
// DELTA: | scheme field | extracted-x86_64/random.bits | 16 -> 8 ('get_random_u8()' yields 8 bits) |  | syscall.c:27:2 |
// DELTA: | property | extracted-x86_64/entropy.fresh | min_entropy_bits 6 -> 4 | yes | syscall.c:27:2 |
// DELTA: Something got worse.
//
// The same tree against itself: an empty delta, exit 0.
// RUN: %expect-exit 0 %kharden report --base %t/base.json %S/Inputs/base/syscall.c -- %kflags | FileCheck %s --check-prefix=SAME
// SAME: No finding, scheme field or property changed.
//
// Bad --base files: one line, exit 2.
// RUN: %expect-exit 2 %kharden report --base %t/none.json %S/Inputs/base/syscall.c -- %kflags 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: kharden: error: {{.*}}none.json: No such file or directory
// RUN: %expect-exit 2 %kharden report --base %S/Inputs/not-a-report.json %S/Inputs/base/syscall.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NOTREPORT
// NOTREPORT: kharden: error: {{.*}}not-a-report.json: not a kharden report: expected the JSON of `kharden report --format=json`
// RUN: echo '{"kind": "report",' > %t/broken.json
// RUN: %expect-exit 2 %kharden report --base %t/broken.json %S/Inputs/base/syscall.c -- %kflags 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: kharden: error: {{.*}}broken.json: {{.+}}

// Whole-tree runs: every translation unit of the compilation database in a
// stable order, the same report whatever -j, path filters, and a progress
// line only on a terminal (or when asked).
// RUN: %S/Inputs/make-tree.sh %t
//
// RUN: %expect-exit 1 %kharden check -p %t --no-db -j 1 --checks=percpu-preemptible --format=json -o %t/j1.json 2> %t/j1.err
// RUN: %expect-exit 1 %kharden check -p %t --no-db -j 2 --checks=percpu-preemptible --format=json -o %t/j2.json 2> %t/j2.err
// RUN: diff %t/j1.json %t/j2.json
// RUN: %expect-exit 1 %kharden check -p %t --no-db -j 1 --checks=percpu-preemptible > %t/j1.txt
// RUN: %expect-exit 1 %kharden check -p %t --no-db -j 2 --checks=percpu-preemptible > %t/j2.txt
// RUN: diff %t/j1.txt %t/j2.txt
// RUN: FileCheck %s --check-prefix=INPUTS < %t/j1.json
// INPUTS:      "inputs": [
// INPUTS-NEXT:   "{{.*}}/alpha.c",
// INPUTS-NEXT:   "{{.*}}/beta.c",
// INPUTS-NEXT:   "{{.*}}/callee.c",
// INPUTS-NEXT:   "{{.*}}/entry.c",
// INPUTS-NEXT:   "{{.*}}/gamma.c"
// INPUTS-NEXT: ],
//
// Not a terminal: no progress line.
// RUN: count 0 < %t/j1.err
// RUN: count 0 < %t/j2.err
// Asked for: one line, rewritten in place (carriage returns, no newline),
// then erased.
// RUN: %expect-exit 1 %kharden check -p %t --no-db -j 1 --progress=always -o /dev/null 2> %t/progress.err
// RUN: count 0 < %t/progress.err
// RUN: tr '\r' '\n' < %t/progress.err | FileCheck %s --check-prefix=PROGRESS
// PROGRESS:      {{^$}}
// PROGRESS-NEXT: {{^}}[1/5] {{.*}}alpha.c  0:0{{[0-9]}} elapsed, ETA {{[0-9]+:[0-9][0-9]}}{{.\[K$}}
// PROGRESS-NEXT: {{^}}[2/5] {{.*}}beta.c  0:0{{[0-9]}} elapsed, ETA
// PROGRESS-NEXT: {{^}}[3/5] {{.*}}callee.c
// PROGRESS-NEXT: {{^}}[4/5] {{.*}}entry.c
// PROGRESS-NEXT: {{^}}[5/5] {{.*}}gamma.c  0:0{{[0-9]}} elapsed, ETA 0:00{{.\[K$}}
// PROGRESS-NEXT: {{^.\[K$}}
//
// Filters: globs relative to the current directory, or absolute.
// RUN: %expect-exit 1 %kharden check -p %t --no-db --include '*/alpha.c' --include '*/gamma.c' --format=json | FileCheck %s --check-prefix=INCLUDE
// INCLUDE:      "inputs": [
// INCLUDE-NEXT:   "{{.*}}/alpha.c",
// INCLUDE-NEXT:   "{{.*}}/gamma.c"
// INCLUDE-NEXT: ],
// RUN: cd %t && %expect-exit 1 %kharden check -p . --no-db --include '*.c' --exclude 'e*.c' --exclude callee.c --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXCLUDE
// EXCLUDE: kharden: stats: 3 translation units: 3 analysed, 0 reused (no database)
//
// Bad values are one-line errors.
// RUN: %expect-exit 2 %kharden check -p %t --no-db --include 'drivers/*' 2>&1 | FileCheck %s --check-prefix=NOMATCH
// NOMATCH: kharden: error: kharden check: no translation unit matches --include/--exclude
// RUN: %expect-exit 2 %kharden check -p %t --no-db --exclude '[b-a]' 2>&1 | FileCheck %s --check-prefix=BADGLOB
// BADGLOB: kharden: error: --exclude: invalid glob pattern: [b-a]
// RUN: %expect-exit 2 %kharden check -p %t --progress=sometimes 2>&1 | FileCheck %s --check-prefix=BADPROGRESS
// BADPROGRESS: for the --progress option: Cannot find option named 'sometimes'!
// RUN: %expect-exit 2 %kharden check -p %t -j -3 2>&1 | FileCheck %s --check-prefix=BADJOBS
// BADJOBS: for the -j option: '-3' value invalid for uint argument!

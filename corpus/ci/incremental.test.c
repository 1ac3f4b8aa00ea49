// Incremental runs: with a summary database (by default <build-dir>/kharden.db)
// a re-run analyses again exactly the translation units whose inputs changed:
// the content of the source or of any header it read, its command line, the
// kernel model. The report is the same as a run from nothing.
// RUN: %S/Inputs/make-tree.sh %t
// RUN: %expect-exit 1 %kharden check -p %t --no-db --format=json -o %t/fresh.json
//
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/first.json 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: kharden: stats: 5 translation units: 5 analysed, 0 reused ({{.*}}kharden.db)
// RUN: diff %t/fresh.json %t/first.json
// RUN: test -f %t/kharden.db
//
// Nothing changed: everything is reused, and the report is the same.
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/again.json 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: kharden: stats: 5 translation units: 0 analysed, 5 reused
// NONE: kharden: stats: whole program: solve {{[0-9]+\.[0-9]}} s, checks {{[0-9]+\.[0-9]}} s
// RUN: diff %t/fresh.json %t/again.json
//
// A header touched but not edited: contents decide, not times.
// RUN: touch %t/shared.h %t/alpha.c
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
//
// A header only alpha.c includes: alpha.c alone.
// RUN: echo '/* edited */' >> %t/only_alpha.h
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: kharden: stats: 5 translation units: 1 analysed, 4 reused
//
// A header alpha.c and beta.c include: exactly those two.
// RUN: echo '/* edited */' >> %t/shared.h
// RUN: %expect-exit 1 %kharden check -p %t --stats --format=json -o %t/edited.json 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: kharden: stats: 5 translation units: 2 analysed, 3 reused
// RUN: diff %t/fresh.json %t/edited.json
//
// A source file, and a command line.
// RUN: echo '/* edited */' >> %t/gamma.c
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: sed -i -e 's|"callee.c"\]|"-DEXTRA=1", "callee.c"]|' %t/compile_commands.json
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
//
// An edit that changes a finding's line is seen in the report.
// RUN: sed -i -e 's|^SYSCALL_DEFINE0(gamma)|/* moved */\nSYSCALL_DEFINE0(gamma)|' %t/gamma.c
// RUN: %expect-exit 1 %kharden check -p %t --stats 2>&1 | FileCheck %s --check-prefix=MOVED
// MOVED-DAG: gamma.c:9:9: warning: per-CPU read 'raw_cpu_read(gamma_count)'
// MOVED-DAG: kharden: stats: 5 translation units: 1 analysed, 4 reused
//
// Another kernel model re-analyses everything, and so does the way back.
// RUN: %expect-exit 1 %kharden check -p %t --stats --primitives %S/../percpu-preemptible/Inputs/my-primitives.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: kharden: stats: 5 translation units: 5 analysed, 0 reused
//
// A translation unit that did not parse is analysed again each time: the
// header it lacked may exist now.
// RUN: echo '#include <linux/not-there.h>' >> %t/beta.c
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: %expect-exit 1 %kharden check -p %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN-DAG: warning: {{.*}}beta.c: analysed only as far as it parsed: 1 compiler error(s), first: beta.c:8:10: 'linux/not-there.h' file not found
// BROKEN-DAG: kharden: stats: 5 translation units: 1 analysed, 4 reused
//
// --db puts the database elsewhere; --no-db uses none.
// RUN: %expect-exit 1 %kharden check -p %t --db %t/other.db --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: kharden: stats: 5 translation units: 5 analysed, 0 reused ({{.*}}other.db)
// RUN: %expect-exit 1 %kharden check -p %t --no-db --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODB
// NODB: kharden: stats: 5 translation units: 5 analysed, 0 reused (no database)
// RUN: %expect-exit 2 %kharden check -p %t --no-db --db %t/x.db 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: kharden: error: --no-db: contradicts --db
// Files and flags, without -p: a database only if asked for.
// RUN: %expect-exit 1 %kharden check --stats %t/gamma.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=NODB1
// NODB1: kharden: stats: 1 translation unit: 1 analysed, 0 reused (no database)
// RUN: %expect-exit 1 %kharden check --db %t/files.db %t/gamma.c -- %kflags >/dev/null
// RUN: %expect-exit 1 %kharden check --db %t/files.db --stats %t/gamma.c -- %kflags 2>&1 >/dev/null | FileCheck %s --check-prefix=FILES
// FILES: kharden: stats: 1 translation unit: 0 analysed, 1 reused ({{.*}}files.db)

// make C=1|2 CHECK="kharden check --kbuild" runs one kharden per file. They
// share a summary database in the object tree (kbuild's working directory),
// kharden-kbuild.db: each stores its file and reports with every stored
// caller of its functions; `kharden check --kbuild-report OBJTREE` after make
// reports on all of them exactly as one -p run over the same files would, in
// whatever order make checked them (docs/ci.md, "Under kbuild").
// RUN: %S/Inputs/make-tree.sh %t && cd %t
// RUN: %expect-exit 1 %kharden check -p %t --no-db --format=json -o %t/p.json
// RUN: %expect-exit 1 %kharden check -p %t --no-db -o %t/p.txt
// RUN: %expect-exit 1 %kharden check -p %t --db %t/plain.db -o /dev/null
//
// callee.c's finding needs entry.c's context: checked first, it has none;
// checked after entry.c, the stored caller gives it.
// RUN: %S/Inputs/kbuild-check.sh %kharden %t/callee.c --stats 2>&1 | FileCheck %s --check-prefix=ALONE --implicit-check-not=warning:
// ALONE: kharden: stats: 1 translation unit: 1 analysed, 0 reused ({{.*}}/kharden-kbuild.db); callers from 0 stored translation units
// RUN: %S/Inputs/kbuild-check.sh %kharden %t/entry.c --stats 2>&1 | FileCheck %s --check-prefix=ENTRY --implicit-check-not=warning:
// ENTRY: callers from 0 stored translation units
// RUN: %S/Inputs/kbuild-check.sh %kharden %t/callee.c --stats 2>&1 | FileCheck %s --check-prefix=KNOWN
// KNOWN: kharden: stats: 1 translation unit: 0 analysed, 1 reused ({{.*}}/kharden-kbuild.db); callers from 1 stored translation unit
// KNOWN-NEXT: kharden: stats: calls through function pointers: 0 resolved, 0 capped (more than 8 targets), 0 open (0 with nothing stored in the run)
// KNOWN-NEXT: kharden: stats: entry contexts: 3 of 3 functions solved (what the checks read, and their callers; 4 in the run), 3 distinct states
// KNOWN-NEXT: kharden: stats: call graph: 0 functions in 0 cycles (strongly connected components); the largest has 0 functions and 0 of the entry contexts
// KNOWN-NEXT: kharden: stats: value flows: 0 of 3 kept (the others no operation's value reaches)
// KNOWN-NEXT: kharden: stats: whole program: solve {{[0-9]+\.[0-9]}} s, checks {{[0-9]+\.[0-9]}} s
// KNOWN-NEXT: callee.c:7:2: warning: per-CPU write 'raw_cpu_write(callee_last)'
// KNOWN: entry.c:9:2: note: IRQs enabled here by 'local_irq_enable()'
// KNOWN: entry.c:10:9: note: 'entry_helper' called here
// A process reports on its own file only, not on the callers it solved with.
// RUN: %S/Inputs/kbuild-check.sh %kharden %t/entry.c 2>&1 | count 0
//
// After every file, in one order: the report is the -p run's, byte for byte;
// then kharden merge can report on the database again.
// RUN: for f in alpha beta gamma; do %S/Inputs/kbuild-check.sh %kharden %t/$f.c 2>/dev/null; done
// RUN: %expect-exit 1 %kharden check --kbuild-report %t --stats --format=json -o %t/report.json 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: kharden: stats: 5 translation units: 0 analysed, 5 reused ({{.*}}/kharden-kbuild.db)
// RUN: diff %t/p.json %t/report.json
// RUN: %expect-exit 1 %kharden check --kbuild-report %t -o %t/report.txt
// RUN: diff %t/p.txt %t/report.txt
// RUN: %expect-exit 1 %kharden merge %t/kharden-kbuild.db --format=json -o %t/merged.json
// RUN: diff %t/p.json %t/merged.json
//
// In the reverse order, and all five at once (as make -j5 would, into a
// database none of them finds), the same report.
// RUN: for f in gamma entry callee beta alpha; do %S/Inputs/kbuild-check.sh %kharden %t/$f.c --db %t/reverse.db 2>/dev/null; done
// RUN: %expect-exit 1 %kharden check --kbuild-report %t --db %t/reverse.db --format=json -o %t/reverse.json
// RUN: diff %t/p.json %t/reverse.json
// RUN: for f in alpha beta callee entry gamma; do (%S/Inputs/kbuild-check.sh %kharden %t/$f.c --db %t/parallel.db > %t/$f.out 2>&1; echo $? > %t/$f.status) & done; wait
// RUN: cat %t/*.status | sort -u | FileCheck %s --check-prefix=STATUS
// STATUS: 0
// STATUS-NOT: {{.}}
// RUN: cat %t/*.out | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: kharden:
// RUN: %expect-exit 1 %kharden check --kbuild-report %t --db %t/parallel.db --stats --format=json -o %t/parallel.json 2>&1 | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: kharden: stats: 5 translation units: 0 analysed, 5 reused ({{.*}}/parallel.db)
// RUN: diff %t/p.json %t/parallel.json
//
// A file edited since make checked it is analysed again from the command
// kbuild ran; one that is gone is left out with a warning.
// RUN: echo '/* edited */' >> %t/shared.h
// RUN: %expect-exit 1 %kharden check --kbuild-report %t --stats --format=json -o %t/edited.json 2>&1 | FileCheck %s --check-prefix=EDITED
// EDITED: kharden: stats: 5 translation units: 2 analysed, 3 reused
// RUN: %expect-exit 1 %kharden check -p %t --no-db --format=json -o %t/p-edited.json
// RUN: diff %t/p-edited.json %t/edited.json
// RUN: rm %t/gamma.c
// RUN: %expect-exit 1 %kharden check --kbuild-report %t --stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=GONE
// GONE: kharden: warning: {{.*}}/gamma.c: checked under kbuild, but no longer exists; left out
// GONE-NEXT: kharden: stats: 4 translation units: 0 analysed, 4 reused
//
// What --kbuild-report refuses.
// RUN: mkdir -p %t/empty
// RUN: %expect-exit 2 %kharden check --kbuild-report %t/empty 2>&1 | FileCheck %s --check-prefix=NODB
// NODB: kharden: error: {{.*}}empty/kharden-kbuild.db: no such file (run make C=1|2 CHECK="kharden check --kbuild" first)
// RUN: %expect-exit 2 %kharden check --kbuild-report %t -p %t 2>&1 | FileCheck %s --check-prefix=WITHP
// WITHP: kharden: error: --kbuild-report: cannot be combined with -p
// RUN: %expect-exit 2 %kharden check --kbuild-report %t --no-db 2>&1 | FileCheck %s --check-prefix=NOTDB
// NOTDB: kharden: error: --no-db: contradicts --kbuild-report, which reads the summary database
// RUN: %expect-exit 2 %kharden check --kbuild-report %t --db %t/plain.db 2>&1 | FileCheck %s --check-prefix=NOKBUILD
// NOKBUILD: kharden: error: {{.*}}plain.db: holds no file checked under --kbuild
//
// --no-db: each process alone, as before, and nothing is written.
// RUN: rm -rf %t/alone && mkdir %t/alone && cd %t/alone
// RUN: %S/Inputs/kbuild-check.sh %kharden %t/callee.c --no-db 2>&1 | count 0
// RUN: ls %t/alone | count 0

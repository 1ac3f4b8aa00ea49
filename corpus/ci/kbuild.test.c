// Under kbuild (make C=1|2 CHECK="kharden check ... --kbuild"), --db keeps
// each file's result for the next make, and the pre-submit filters work per
// file; findings still go to stderr and never fail the build.
// RUN: rm -rf %t && mkdir -p %t/arch/x86/entry && cd %t
// RUN: cp %S/Inputs/presubmit/entry-head.c %t/arch/x86/entry/entry.c
// RUN: %expect-exit 0 %kharden check --db %t/kb.db --stats --kbuild -D__linux__ -Wbitwise --arch=x86 -Wp,-MMD,%t/.entry.o.d -nostdinc -I %S/../include -std=gnu11 arch/x86/entry/entry.c 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST-DAG: kharden: stats: 1 translation unit: 1 analysed, 0 reused ({{.*}}kb.db)
// FIRST-DAG: entry.c:14:2: warning: per-CPU read-modify-write 'raw_cpu_inc(entry_count)'
// RUN: %expect-exit 0 %kharden check --db %t/kb.db --stats --diff %S/Inputs/presubmit/irq-enable.diff --kbuild -D__linux__ -Wbitwise --arch=x86 -Wp,-MMD,%t/.entry.o.d -nostdinc -I %S/../include -std=gnu11 arch/x86/entry/entry.c 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN-DAG: kharden: stats: 1 translation unit: 0 analysed, 1 reused ({{.*}}kb.db)
// AGAIN-DAG: entry.c:14:2: warning: [new] per-CPU read-modify-write 'raw_cpu_inc(entry_count)'
// AGAIN-DAG: kharden: 1 new finding; 0 outside the diff

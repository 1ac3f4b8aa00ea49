// kbuild mode: make C=2 CHECK="kharden check --kbuild" passes sparse's
// CHECKFLAGS, then the compiler's flags (starting with -Wp,-MMD), then the
// file. Like sparse, findings go to stderr and do not fail the build.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %expect-exit 0 %kharden check --kbuild -D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -Wbitwise -Wno-return-void -Wno-unknown-attribute -D__x86_64__ --arch=x86 -mlittle-endian -m64 -Wp,-MMD,%t/.finding.o.d -nostdinc -I %S/../include -Werror=unknown-warning-option -std=gnu11 %S/Inputs/finding.c 2> %t/err > %t/out
// RUN: FileCheck %s < %t/err
// RUN: count 0 < %t/out
// CHECK: finding.c:8:9: warning: per-CPU read 'raw_cpu_read(seen)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible]
// CHECK: finding.c:6:1: note: '__do_sys_look' is a system call body: task context, preemptible
//
// Without kbuild's dependency flag, the flags clang does not know are dropped.
// RUN: %expect-exit 0 %kharden check --kbuild -Wbitwise --arch=x86 -Wno-return-void -nostdinc -I %S/../include %S/Inputs/finding.c 2>&1 | FileCheck %s
// And JSON to a file still works under kbuild.
// RUN: %expect-exit 0 %kharden check --format=json -o %t/k.json --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include %S/Inputs/finding.c
// RUN: FileCheck %s --check-prefix=JSON < %t/k.json
// JSON: "check": "percpu-preemptible"
// RUN: %expect-exit 2 %kharden check --kbuild 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: kharden: error: --kbuild: expects kbuild's checker command line after it
//
// kbuild runs one process per file: -o DIR/ keeps one report per file, at
// the file's path under the source tree kbuild exports as srctree.
// RUN: env srctree=%S/.. %expect-exit 0 %kharden check --format=json -o %t/dir/ --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include %S/Inputs/finding.c
// RUN: env srctree=%S/.. %expect-exit 0 %kharden check --format=json -o %t/dir/ --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include %S/Inputs/clean.c
// RUN: cd %t/dir && find . -type f | sort | FileCheck %s --check-prefix=DIR
// DIR: ./cli/Inputs/clean.c.json
// DIR-NEXT: ./cli/Inputs/finding.c.json
// RUN: FileCheck %s --check-prefix=JSON < %t/dir/cli/Inputs/finding.c.json
//
// Without srctree, under the current directory (kbuild's object tree): two
// files whose paths differ only in '/' and '_' keep their own reports.
// RUN: mkdir -p %t/tree/a/b_c %t/tree/a_b && cd %t/tree
// RUN: cp %S/Inputs/finding.c a/b_c/d.c && cp %S/Inputs/clean.c a_b/c_d.c
// RUN: env -u srctree %expect-exit 0 %kharden check -o %t/reports/ --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include a/b_c/d.c
// RUN: env -u srctree %expect-exit 0 %kharden check -o %t/reports/ --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include a_b/c_d.c
// RUN: FileCheck %s --check-prefix=KEPT < %t/reports/a/b_c/d.c.txt
// KEPT: a/b_c/d.c:8:9: warning: per-CPU read 'raw_cpu_read(seen)'
// RUN: count 0 < %t/reports/a_b/c_d.c.txt

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
// kbuild runs one process per file: -o DIR/ keeps one report per file.
// RUN: %expect-exit 0 %kharden check --format=json -o %t/dir/ --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include %S/Inputs/finding.c
// RUN: %expect-exit 0 %kharden check --format=json -o %t/dir/ --kbuild -Wp,-MMD,%t/.d -nostdinc -I %S/../include %S/Inputs/clean.c
// RUN: ls %t/dir | FileCheck %s --check-prefix=DIR
// DIR: {{.*}}Inputs_clean.c.json
// DIR-NEXT: {{.*}}Inputs_finding.c.json
// RUN: FileCheck %s --check-prefix=JSON < %t/dir/$(ls %t/dir | grep finding)

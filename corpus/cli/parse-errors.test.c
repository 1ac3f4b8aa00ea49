// A file clang cannot fully parse is analysed as far as it parsed, with a
// warning naming the file: exit 1 with findings, 2 without.
// RUN: %expect-exit 1 %kharden check %S/Inputs/syntax-error.c -- %kflags > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// OUT: syntax-error.c:8:9: warning: per-CPU read 'raw_cpu_read(seen)' where preemption is enabled
// ERR: kharden: warning: {{.*}}syntax-error.c: analysed only as far as it parsed: 1 compiler error(s), first: {{.*}}syntax-error.c:13:12: expected expression
//
// RUN: %expect-exit 2 %kharden check %S/Inputs/syntax-error-only.c -- %kflags 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY: kharden: warning: {{.*}}syntax-error-only.c: analysed only as far as it parsed: 1 compiler error(s), first: {{.*}}syntax-error-only.c:3:12: expected expression
//
// RUN: %expect-exit 2 %kharden check %S/Inputs/missing-header.c -- %kflags 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: kharden: warning: {{.*}}missing-header.c: analysed only as far as it parsed: 1 compiler error(s), first: {{.*}}missing-header.c:2:10: 'linux/no_such_header.h' file not found

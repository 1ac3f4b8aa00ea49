// Bad input gets one clear line naming the file and the reason, exit 2.
// RUN: rm -rf %t && mkdir -p %t
//
// RUN: %expect-exit 2 %kharden check %t/nope.c 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: kharden: error: {{.*}}nope.c: no such file
//
// RUN: %expect-exit 2 %kharden check %t 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: kharden: error: {{.*}}: is a directory, not a file
//
// RUN: printf '\177ELF\0\0\0\0' > %t/blob.c
// RUN: %expect-exit 2 %kharden check %t/blob.c 2>&1 | FileCheck %s --check-prefix=BINARY
// BINARY: kharden: error: {{.*}}blob.c: binary file, not C source
//
// RUN: echo 'hello' > %t/notes.txt
// RUN: %expect-exit 2 %kharden check %t/notes.txt 2>&1 | FileCheck %s --check-prefix=NOTC
// NOTC: kharden: error: {{.*}}notes.txt: not a C source file (expected .c, .h or .i)
//
// RUN: %expect-exit 2 %kharden check 2>&1 | FileCheck %s --check-prefix=NOINPUT
// NOINPUT: kharden: error: kharden check: no input files (give files, or -p <build-dir>)
//
// RUN: %expect-exit 2 %kharden check --checks=percpu-preemptible,no-such-check %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=CHECKS
// CHECKS: kharden: error: --checks: unknown check 'no-such-check' (see --list-checks)
//
// RUN: %expect-exit 2 %kharden check --no-such-option %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: Unknown command line argument '--no-such-option'
//
// RUN: %expect-exit 2 %kharden frobnicate 2>&1 | FileCheck %s --check-prefix=SUBCMD
// SUBCMD: Unknown subcommand 'frobnicate'
//
// RUN: %expect-exit 0 %kharden check --list-checks | FileCheck %s --check-prefix=LIST
// LIST: percpu-preemptible
// LIST-NEXT: per-CPU operations that need preemption off

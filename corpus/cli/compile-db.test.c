// -p: every translation unit of compile_commands.json, or the files named;
// output is the same whatever -j.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '[{"directory": "%S/Inputs", "file": "%S/Inputs/finding.c", "arguments": ["clang", "-c", "-nostdinc", "-I", "%S/../include", "finding.c"]}, {"directory": "%S/Inputs", "file": "%S/Inputs/clean.c", "arguments": ["clang", "-c", "-nostdinc", "-I", "%S/../include", "clean.c"]}, {"directory": "%S/../percpu-preemptible", "file": "%S/../percpu-preemptible/arm64-kstack.c", "command": "clang -c -nostdinc -I %S/../include arm64-kstack.c"}]' > %t/compile_commands.json
// RUN: %expect-exit 1 %kharden check -p %t -j 1 --no-db --format=json -o %t/j1.json
// RUN: %expect-exit 1 %kharden check -p %t -j 2 --no-db --format=json -o %t/j2.json
// RUN: diff %t/j1.json %t/j2.json
// RUN: FileCheck %s < %t/j1.json
// CHECK: "inputs": [
// CHECK-NEXT: "{{.*}}Inputs/clean.c",
// CHECK-NEXT: "{{.*}}Inputs/finding.c",
// CHECK-NEXT: "{{.*}}arm64-kstack.c"
// RUN: %expect-exit 0 %kharden check -p %t %S/Inputs/clean.c
//
// The kernel's own database (6.12's gen_compile_commands.py) lists assembler
// sources too: a whole-database run skips every entry that is not C and
// counts them in --stats; one named on the command line is refused.
// RUN: mkdir -p %t/asm && printf 'ENTRY(f)\n\tret\n' > %t/asm/entry.S && cp %t/asm/entry.S %t/asm/copy.s
// RUN: echo '[{"directory": "%t/asm", "file": "%t/asm/entry.S", "arguments": ["clang", "-c", "-D__ASSEMBLY__", "entry.S"]}, {"directory": "%S/Inputs", "file": "%S/Inputs/finding.c", "arguments": ["clang", "-c", "-nostdinc", "-I", "%S/../include", "finding.c"]}, {"directory": "%t/asm", "file": "copy.s", "command": "clang -c copy.s"}]' > %t/asm/compile_commands.json
// RUN: %expect-exit 1 %kharden check -p %t/asm --no-db --stats --format=json -o %t/asm/out.json 2>&1 | FileCheck %s --check-prefix=NOTC
// NOTC: kharden: stats: 1 translation unit: 1 analysed, 0 reused (no database); 2 files not C, skipped
// RUN: FileCheck %s --check-prefix=ONLYC < %t/asm/out.json
// ONLYC: "inputs": [
// ONLYC-NEXT: "{{.*}}Inputs/finding.c"
// ONLYC-NEXT: ],
// RUN: %expect-exit 2 %kharden check -p %t/asm %t/asm/entry.S 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: kharden: error: {{.*}}asm/entry.S: not a C source file (expected .c, .h or .i)
// RUN: mkdir -p %t/asm/only && echo '[{"directory": "%t/asm", "file": "%t/asm/entry.S", "arguments": ["clang", "-c", "entry.S"]}]' > %t/asm/only/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/asm/only 2>&1 | FileCheck %s --check-prefix=NONEC
// NONEC: kharden: error: {{.*}}asm/only/compile_commands.json: compilation database has no C entries (only assembler or other sources)

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

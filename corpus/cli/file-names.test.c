// File names are kept as given: a backslash is part of a name on Linux,
// not a separator (clang reads such a file; kharden once looked for
// u/back/slash.c instead).
// RUN: rm -rf %t && mkdir -p %t/u && cd %t
// RUN: cp %S/Inputs/finding.c 'u/back\slash.c'
// RUN: %expect-exit 1 %kharden check 'u/back\slash.c' -- -I %S/../include 2>&1 | FileCheck %s
// CHECK: u/back\slash.c:8:9: warning: per-CPU read 'raw_cpu_read(seen)'
//
// RUN: printf '[{"directory": "%%s", "file": "u/back\\\\slash.c", "arguments": ["clang", "-c", "-I", "%S/../include", "u/back\\\\slash.c"]}]' %t > %t/compile_commands.json
// RUN: %expect-exit 1 %kharden check -p %t --no-db 2>&1 | FileCheck %s

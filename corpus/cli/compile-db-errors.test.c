// Broken compilation databases: one line naming the file, exit 2.
// RUN: rm -rf %t && mkdir -p %t/none %t/empty %t/garbage %t/noentries %t/ok
//
// RUN: %expect-exit 2 %kharden check -p %t/none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: kharden: error: {{.*}}none/compile_commands.json: no such file
//
// RUN: touch %t/empty/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: kharden: error: {{.*}}empty/compile_commands.json: empty compilation database
//
// RUN: echo '[{"directory": "/", "file": ' > %t/garbage/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/garbage 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: kharden: error: {{.*}}garbage/compile_commands.json: {{.+}}
//
// RUN: echo '[]' > %t/noentries/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/noentries 2>&1 | FileCheck %s --check-prefix=NOENTRIES
// NOENTRIES: kharden: error: {{.*}}noentries/compile_commands.json: compilation database has no entries
//
// RUN: echo '[{"directory": "%S/Inputs", "file": "%S/Inputs/clean.c", "arguments": ["clang", "-c", "-I", "%S/../include", "clean.c"]}]' > %t/ok/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/ok %S/Inputs/finding.c 2>&1 | FileCheck %s --check-prefix=NOTINDB
// NOTINDB: kharden: error: {{.*}}finding.c: not in {{.*}}ok/compile_commands.json
// RUN: %expect-exit 0 %kharden check -p %t/ok %S/Inputs/clean.c

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
// Not JSON at all: one line with the position, nothing else on stderr.
// RUN: printf '[\252\273 {' > %t/garbage/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/garbage 2> %t/garbage/err
// RUN: FileCheck %s --check-prefix=NOTJSON < %t/garbage/err
// NOTJSON: kharden: error: {{.*}}garbage/compile_commands.json: not JSON: [1:1, byte=1]: Invalid UTF-8 sequence
// RUN: count 1 < %t/garbage/err
//
// RUN: echo '[]' > %t/noentries/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/noentries 2>&1 | FileCheck %s --check-prefix=NOENTRIES
// NOENTRIES: kharden: error: {{.*}}noentries/compile_commands.json: compilation database has no entries
//
// RUN: echo '[{"directory": "%S/Inputs", "file": "%S/Inputs/clean.c", "arguments": ["clang", "-c", "-I", "%S/../include", "clean.c"]}]' > %t/ok/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/ok %S/Inputs/finding.c 2>&1 | FileCheck %s --check-prefix=NOTINDB
// NOTINDB: kharden: error: {{.*}}finding.c: not in {{.*}}ok/compile_commands.json
// RUN: %expect-exit 0 %kharden check -p %t/ok %S/Inputs/clean.c
//
// An entry whose directory is missing, or is a file, is an input error
// naming the entry; the other entries are still analysed and reported, and
// the summary database records a complete run.
// RUN: mkdir -p %t/baddir && touch %t/plainfile
// RUN: echo '[{"directory": "/nonexistent/dir", "file": "%S/Inputs/clean.c", "arguments": ["clang", "-c", "-I", "%S/../include", "clean.c"]},' > %t/baddir/compile_commands.json
// RUN: echo ' {"directory": "%t/plainfile", "file": "%S/Inputs/syntax-error.c", "arguments": ["clang", "-c", "syntax-error.c"]},' >> %t/baddir/compile_commands.json
// RUN: echo ' {"directory": "%S/Inputs", "file": "%S/Inputs/finding.c", "arguments": ["clang", "-c", "-I", "%S/../include", "finding.c"]}]' >> %t/baddir/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/baddir > %t/baddir/out 2> %t/baddir/err
// RUN: FileCheck %s --check-prefix=BADDIR --implicit-check-not=error: < %t/baddir/err
// BADDIR: kharden: error: {{.*}}Inputs/clean.c: its compile command's directory '/nonexistent/dir': No such file or directory
// BADDIR: kharden: error: {{.*}}Inputs/syntax-error.c: its compile command's directory '{{.*}}plainfile': Not a directory
// RUN: FileCheck %s --check-prefix=OTHERS < %t/baddir/out
// OTHERS: finding.c:8:9: warning: per-CPU read 'raw_cpu_read(seen)'
// RUN: python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT value FROM meta WHERE key = 'run_state'\").fetchone()[0])" %t/baddir/kharden.db | FileCheck %s --check-prefix=STATE
// STATE: complete
//
// A database nested deeper than kharden reads.
// RUN: mkdir -p %t/deep && python3 -c "print('[' * 300 + ']' * 300)" > %t/deep/compile_commands.json
// RUN: %expect-exit 2 %kharden check -p %t/deep 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: kharden: error: {{.*}}deep/compile_commands.json:1:257: nested deeper than 256 levels

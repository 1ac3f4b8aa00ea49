// A compile command (from `--`, a compile_commands.json or kbuild) can name
// files for clang to write and code for it to load; kharden only parses,
// and must do neither. One case per option: the analysis still runs (exit
// 1, the finding), and nothing appears where the option points.
// RUN: rm -rf %t && mkdir -p %t/o %t/cwd && cd %t/cwd
// RUN: clang -shared -fPIC -o %t/plugin.so %S/Inputs/plugin-marker.c
// RUN: echo '%kharden check -o %t/report.txt %S/Inputs/finding.c -- -I %S/../include "$@"' > %t/check.sh
//
// Serialized diagnostics (the driver's spelling, and cc1's).
// RUN: %expect-exit 1 sh %t/check.sh --serialize-diagnostics %t/o/diag.dia
// RUN: test ! -e %t/o/diag.dia
// RUN: %expect-exit 1 sh %t/check.sh -Xclang -serialize-diagnostic-file -Xclang %t/o/cc1-diag.dia
// RUN: test ! -e %t/o/cc1-diag.dia
//
// Dependency files: -MD/-MMD with -MF, kbuild's -Wp,-MMD,FILE, -MJ, and
// cc1's -dependency-file.
// RUN: %expect-exit 1 sh %t/check.sh -MD -MF %t/o/md.d
// RUN: test ! -e %t/o/md.d
// RUN: %expect-exit 1 sh %t/check.sh -MMD -MF%t/o/mmd.d -MT x.o
// RUN: test ! -e %t/o/mmd.d
// RUN: %expect-exit 1 sh %t/check.sh -Wp,-MMD,%t/o/wp.d
// RUN: test ! -e %t/o/wp.d
// RUN: %expect-exit 1 sh %t/check.sh -MJ %t/o/mj.json
// RUN: test ! -e %t/o/mj.json
// RUN: %expect-exit 1 sh %t/check.sh -Xclang -dependency-file -Xclang %t/o/cc1.d -Xclang -MT -Xclang x.o
// RUN: test ! -e %t/o/cc1.d
//
// The output file, in each spelling.
// RUN: %expect-exit 1 sh %t/check.sh -c -o %t/o/out.o
// RUN: %expect-exit 1 sh %t/check.sh -c --output=%t/o/out2.o
// RUN: %expect-exit 1 sh %t/check.sh -c -o%t/o/out3.o
// RUN: test ! -e %t/o/out.o && test ! -e %t/o/out2.o && test ! -e %t/o/out3.o
//
// Temporaries, time traces and crash reproducers (in the working
// directory, or where the option says).
// RUN: %expect-exit 1 sh %t/check.sh -save-temps
// RUN: %expect-exit 1 sh %t/check.sh -save-temps=obj
// RUN: %expect-exit 1 sh %t/check.sh -ftime-trace
// RUN: %expect-exit 1 sh %t/check.sh -ftime-trace=%t/o/trace.json
// RUN: %expect-exit 1 sh %t/check.sh -fcrash-diagnostics-dir=%t/o/crash
// RUN: test ! -e %t/o/trace.json && test ! -e %t/o/crash
// RUN: ls %t/cwd | count 0
//
// Plugins: none is loaded, in any spelling.
// RUN: env KHARDEN_PLUGIN_MARK=%t/o/fplugin %expect-exit 1 sh %t/check.sh -fplugin=%t/plugin.so
// RUN: test ! -e %t/o/fplugin
// RUN: env KHARDEN_PLUGIN_MARK=%t/o/pass-plugin %expect-exit 1 sh %t/check.sh -fpass-plugin=%t/plugin.so
// RUN: test ! -e %t/o/pass-plugin
// RUN: env KHARDEN_PLUGIN_MARK=%t/o/xclang-load %expect-exit 1 sh %t/check.sh -Xclang -load -Xclang %t/plugin.so
// RUN: test ! -e %t/o/xclang-load
// RUN: env KHARDEN_PLUGIN_MARK=%t/o/xclang-plugin %expect-exit 1 sh %t/check.sh -Xclang -load -Xclang %t/plugin.so -Xclang -add-plugin -Xclang marker
// RUN: test ! -e %t/o/xclang-plugin
//
// An empty -Wp, passes nothing and is dropped: it crashed the option
// filter (found by fuzz-kbuild-command), and clang 19's driver too (found by
// this case under AddressSanitizer).
// RUN: %expect-exit 1 sh %t/check.sh -Wp,
//
// Dumps on standard output, where a report goes.
// RUN: %expect-exit 1 %kharden check --format=json %S/Inputs/record-layout.c -- -I %S/../include -fdump-record-layouts > %t/dump.json
// RUN: python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))['findings']))" %t/dump.json | FileCheck %s --check-prefix=DUMP
// DUMP: 1
// RUN: %expect-exit 1 %kharden check --format=json %S/Inputs/record-layout.c -- -I %S/../include -Xclang -fdump-record-layouts-simple > %t/dump-cc1.json
// RUN: python3 -c "import json, sys; print(len(json.load(open(sys.argv[1]))['findings']))" %t/dump-cc1.json | FileCheck %s --check-prefix=DUMP
//
// The same from a compile_commands.json and from kbuild's command line.
// RUN: mkdir -p %t/db && echo '[{"directory": "%S/Inputs", "file": "%S/Inputs/finding.c", "arguments": ["clang", "-c", "-I", "%S/../include", "--serialize-diagnostics", "%t/o/db.dia", "-MD", "-MF", "%t/o/db.d", "-o", "%t/o/db.o", "finding.c"]}]' > %t/db/compile_commands.json
// RUN: %expect-exit 1 %kharden check -p %t/db --no-db -o %t/db/report.txt
// RUN: test ! -e %t/o/db.dia && test ! -e %t/o/db.d && test ! -e %t/o/db.o
// RUN: %expect-exit 0 %kharden check -o %t/kbuild.txt --kbuild -Wbitwise -Wp,-MMD,%t/o/kbuild.d -nostdinc -I %S/../include --serialize-diagnostics %t/o/kbuild.dia %S/Inputs/finding.c
// RUN: test ! -e %t/o/kbuild.d && test ! -e %t/o/kbuild.dia
// RUN: ls %t/o | count 0

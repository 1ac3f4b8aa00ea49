// Every YAML or JSON file kharden reads is refused past 256 levels of
// nesting, with the file, line and column: the parsers recurse once per
// level, and 30000 levels overflowed the stack (exit 139).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "print('primitives: ' + '[' * 30000 + ']' * 30000)" > %t/primitives.yaml
// RUN: %expect-exit 2 %kharden check --primitives %t/primitives.yaml %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=PRIMITIVES
// PRIMITIVES: kharden: error: {{.*}}primitives.yaml:1:269: nested deeper than 256 levels
//
// RUN: python3 -c "print('suppressions:\n  - ' + '{a: ' * 50000 + '}' * 50000)" > %t/suppressions.yaml
// RUN: %expect-exit 2 %kharden check --suppressions %t/suppressions.yaml %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=SUPPRESSIONS
// SUPPRESSIONS: kharden: error: {{.*}}suppressions.yaml:2:{{[0-9]+}}: nested deeper than 256 levels
//
// RUN: python3 -c "print('{\"findings\": ' + '[' * 50000 + ']' * 50000 + '}')" > %t/baseline.json
// RUN: %expect-exit 2 %kharden check --baseline %t/baseline.json %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=BASELINE
// BASELINE: kharden: error: {{.*}}baseline.json:1:269: nested deeper than 256 levels
//
// RUN: %expect-exit 2 %kharden report --base %t/baseline.json %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=BASE
// BASE: kharden: error: {{.*}}baseline.json:1:269: nested deeper than 256 levels
//
// RUN: python3 -c "print('kind: stack-offset\nname: ' + '[' * 50000 + ']' * 50000)" > %t/scheme.yaml
// RUN: %expect-exit 2 %kharden prove --scheme %t/scheme.yaml 2>&1 | FileCheck %s --check-prefix=SCHEME
// SCHEME: kharden: error: {{.*}}scheme.yaml:2:263: nested deeper than 256 levels
//
// Found by fuzz-suppressions: past a syntax error, the parser's deep nodes
// point outside the file, and asking their line crashed (exit 139). The
// syntax error is reported instead.
// RUN: %expect-exit 2 %kharden check --suppressions %S/Inputs/deep-after-syntax-error.yaml %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=AFTER-ERROR
// AFTER-ERROR: kharden: error: {{.*}}deep-after-syntax-error.yaml:8:2: Got empty plain scalar
//
// Block nesting counts as flow nesting does; at 256 levels the file is read
// (and its content found wrong).
// RUN: python3 -c "print('primitives:\n' + ''.join(' ' * i + '-\n' for i in range(1, 300)))" > %t/block.yaml
// RUN: %expect-exit 2 %kharden check --primitives %t/block.yaml %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: kharden: error: {{.*}}block.yaml:257:257: nested deeper than 256 levels
// RUN: python3 -c "print('primitives: ' + '[' * 255 + ']' * 255)" > %t/limit.yaml
// RUN: %expect-exit 2 %kharden check --primitives %t/limit.yaml %S/Inputs/clean.c -- -I %S/../include 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: kharden: error: {{.*}}limit.yaml:1:15: not a mapping
// LIMIT-NOT: nested deeper

// A malformed --primitives file: error names file, line and column; exit 2.
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/bad-yaml.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=YAML
// YAML: kharden: error: {{.*}}bad-yaml.yaml:3:{{[0-9]+}}: {{.+}}
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/unknown-effect.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=EFFECT
// EFFECT: kharden: error: {{.*}}unknown-effect.yaml:3:15: unknown enumerated scalar
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/unknown-key.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=KEY
// KEY: kharden: error: {{.*}}unknown-key.yaml:4:5: unknown key 'acess'
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/incomplete.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=INCOMPLETE
// INCOMPLETE: kharden: error: {{.*}}incomplete.yaml:2:5: primitive 'my_lock' needs 'effects', 'access', 'when-argument', 'if-argument', 'when-true' or 'when-false'
// A context change only some callers' values would make is no context.
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/if-argument-context.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=IF-ARGUMENT
// IF-ARGUMENT: kharden: error: {{.*}}if-argument-context.yaml:3:19: 'if-argument' takes only the effects may-sleep and may-fault
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/bad-regex.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=REGEX
// REGEX: kharden: error: {{.*}}bad-regex.yaml:{{[0-9]+}}:{{[0-9]+}}: invalid regular expression 'FLAGS(': parentheses not balanced
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/none.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: kharden: error: {{.*}}none.yaml: No such file or directory
// A check rule for a check kharden does not have, or with a context word it
// does not know: the same one-line error, exit 2.
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/unknown-check.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=CHECK-NAME
// CHECK-NAME: kharden: error: {{.*}}unknown-check.yaml:2:5: unknown check 'fpu-contxt' in check-rules
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/unknown-context-word.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=WORD
// WORD: kharden: error: {{.*}}unknown-context-word.yaml:4:29: unknown enumerated scalar
// A callback sequence that comes back to its first callback.
// RUN: %expect-exit 2 %kharden check --primitives %S/Inputs/sequence-loop.yaml %S/Inputs/clean.c 2>&1 | FileCheck %s --check-prefix=SEQUENCE
// SEQUENCE: kharden: error: {{.*}}sequence-loop.yaml:2:5: callback sequence of 'seq_operations' lists 'start' first and after

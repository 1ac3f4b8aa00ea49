// fpu-context's findings through a baseline and suppressions, as every
// check's: matched by check, file, function and evidence.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %kharden check --checks=fpu-context --format=json -o %t/base.json %S/Inputs/fpu-irq.c -- %kflags -I %S/../fpu-context/Inputs/x86
// RUN: %expect-exit 0 %kharden check --checks=fpu-context --baseline %t/base.json %S/Inputs/fpu-irq.c -- %kflags -I %S/../fpu-context/Inputs/x86 2>&1 | FileCheck %s --check-prefix=BASELINE %strict
// BASELINE: kharden: 0 new findings; 1 in the baseline
// RUN: printf 'suppressions:\n  - check: fpu-context\n    function: my_irq\n    reason: the device raises it only while no FPU section can run\n' > %t/suppressions.yaml
// RUN: %expect-exit 0 %kharden check --checks=fpu-context --suppressions %t/suppressions.yaml %S/Inputs/fpu-irq.c -- %kflags -I %S/../fpu-context/Inputs/x86 2>&1 | FileCheck %s --check-prefix=SUPPRESSED %strict
// SUPPRESSED: kharden: 0 findings; 1 suppressed ({{.*}}suppressions.yaml)
// A suppression of another check leaves it.
// RUN: printf 'suppressions:\n  - check: percpu-preemptible\n    function: my_irq\n    reason: not this check\n' > %t/other.yaml
// RUN: %expect-exit 1 %kharden check --checks=fpu-context --suppressions %t/other.yaml %S/Inputs/fpu-irq.c -- %kflags -I %S/../fpu-context/Inputs/x86 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: fpu-irq.c:7:2: warning: 'kernel_fpu_begin()' where the context may be a hard IRQ

// fpu-context's findings in JSON and SARIF, written as every check's: the
// output knows no check.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 1 %kharden check --checks=fpu-context --format=json %S/Inputs/fpu-irq.c -- %kflags -I %S/../fpu-context/Inputs/x86 | FileCheck %s --check-prefix=JSON
// RUN: %expect-exit 1 %kharden check --checks=fpu-context --format=sarif -o %t/out.sarif %S/Inputs/fpu-irq.c -- %kflags -I %S/../fpu-context/Inputs/x86
// RUN: FileCheck %s --check-prefix=SARIF < %t/out.sarif
// JSON:      "findings": [
// JSON-NEXT:   {
// JSON-NEXT:     "check": "fpu-context",
// JSON-NEXT:     "column": 2,
// JSON-NEXT:     "consequence": "",
// JSON-NEXT:     "evidence": "hardirq",
// JSON-NEXT:     "file": "{{.*}}Inputs/fpu-irq.c",
// JSON-NEXT:     "function": "my_irq",
// JSON-NEXT:     "line": 7,
// JSON-NEXT:     "message": "'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers",
// JSON-NEXT:     "notes": [
// JSON-NEXT:       {
// JSON-NEXT:         "column": 24,
// JSON-NEXT:         "file": "{{.*}}Inputs/fpu-irq.c",
// JSON-NEXT:         "line": 14,
// JSON-NEXT:         "message": "'my_irq' is a hard IRQ handler: IRQs disabled"
// JSON-NEXT:       }
// JSON-NEXT:     ],
// JSON-NEXT:     "severity": "warning",
// JSON-NEXT:     "variable": ""
// JSON-NEXT:   }
// JSON-NEXT: ],
// SARIF: "text": "'my_irq' is a hard IRQ handler: IRQs disabled"
// SARIF: "startLine": 14
// SARIF: "text": "'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers"
// SARIF: "startLine": 7
// SARIF: "ruleId": "fpu-context"
// SARIF: "text": "kernel FPU/SIMD sections begun in a context that forbids them: NMI, hard IRQ or IRQs off without a usability check on the path, or inside another section"

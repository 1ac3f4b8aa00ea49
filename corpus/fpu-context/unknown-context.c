// A function nothing in the run calls may be entered in any context: no
// kind is known, and nothing is reported (see Limits in the doc page).
// RUN: %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | count 0
// --stats tells this "nothing seen" from "no finding": the one section
// was entered in no known kind of context.
// RUN: %kharden check --stats --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
#include <asm/fpu/api.h>

void exported_helper(void)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

// STATS: kharden: stats: fpu-context: 1 kernel FPU/SIMD section begun (kernel_fpu_begin() 1): 0 in a known kind of context (task 0, softirq 0, hardirq 0, nmi 0), 1 in none known; 0 after a usability check, 0 with IRQs off

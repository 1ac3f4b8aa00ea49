// A function nothing in the run calls may be entered in any context: no
// kind is known, and nothing is reported (see Limits in the doc page).
// RUN: %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | count 0
#include <asm/fpu/api.h>

void exported_helper(void)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

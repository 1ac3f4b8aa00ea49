// An hrtimer callback runs in hard IRQ context unless its mode is a _SOFT
// one: without a guard it may be a hard IRQ. crypto_simd_usable(), the
// crypto API's guard, is enough.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <crypto/internal/simd.h>
#include <linux/hrtimer.h>

static enum hrtimer_restart unguarded(struct hrtimer *t)
{
	kernel_fpu_begin();
	kernel_fpu_end();
	return HRTIMER_NORESTART;
}

static enum hrtimer_restart guarded(struct hrtimer *t)
{
	if (!crypto_simd_usable())
		return HRTIMER_RESTART;
	kernel_fpu_begin();
	kernel_fpu_end();
	return HRTIMER_NORESTART;
}

static struct hrtimer a, b;

void setup(void)
{
	hrtimer_init(&a, 1, HRTIMER_MODE_REL);
	a.function = unguarded;
	hrtimer_init(&b, 1, HRTIMER_MODE_REL);
	b.function = guarded;
}

// CHECK: hrtimer.c:10:2: warning: 'kernel_fpu_begin()' where the context may be a hard IRQ, with no irq_fpu_usable()/may_use_simd() check on the path; the code it interrupted may be using the FPU/SIMD registers [fpu-context]
// CHECK: hrtimer.c:29:15: note: 'unguarded' is an hrtimer callback: runs in hard or soft IRQ context

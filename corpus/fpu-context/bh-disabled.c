// Bottom halves disabled forbid nothing by themselves: a task's section
// under local_bh_disable() or spin_lock_bh() is fine (x86 irq_fpu_usable()
// is true outside hard IRQ and NMI).
// RUN: %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | count 0
#include <asm/fpu/api.h>
#include <linux/bottom_half.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>

static spinlock_t lock;

SYSCALL_DEFINE0(bh_off)
{
	local_bh_disable();
	kernel_fpu_begin();
	kernel_fpu_end();
	local_bh_enable();
	spin_lock_bh(&lock);
	kernel_fpu_begin();
	kernel_fpu_end();
	spin_unlock_bh(&lock);
	return 0;
}

// Task and softirq contexts may use the FPU on x86 (irq_fpu_usable() is
// true outside hard IRQ and NMI but for a nested section): a system call, a
// tasklet, a timer, a softirq action, a work item. Nothing to report.
// RUN: %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | count 0
// RUN: %kharden check --stats --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
#include <asm/fpu/api.h>
#include <linux/interrupt.h>
#include <linux/syscalls.h>
#include <linux/workqueue.h>

static void crunch(void)
{
	kernel_fpu_begin();
	kernel_fpu_end();
}

SYSCALL_DEFINE0(compute) { crunch(); return 0; }
static void my_tasklet(unsigned long data) { crunch(); }
static void my_timer(struct timer_list *t) { crunch(); }
static void my_softirq(struct softirq_action *a) { crunch(); }
static void my_work(struct work_struct *w) { crunch(); }

static struct tasklet_struct tl;
static struct timer_list tm;
static struct work_struct wk;

void setup(void)
{
	tasklet_init(&tl, my_tasklet, 0);
	timer_setup(&tm, my_timer, 0);
	open_softirq(3, my_softirq);
	INIT_WORK(&wk, my_work);
}

// STATS: kharden: stats: fpu-context: 1 kernel FPU/SIMD section begun (kernel_fpu_begin() 1): 1 in a known kind of context (task 1, softirq 1, hardirq 0, nmi 0), 0 in none known; 0 after a usability check, 0 with IRQs off

// x86's syscall entry calls the generic entry code of another file, whose
// documented contract says what the calls do to IRQs: enabled on return
// from syscall_enter_from_user_mode(), disabled on return from
// syscall_exit_to_user_mode(). Only the sleeps outside that window are
// made with IRQs disabled.
// RUN: not %kharden check --checks=sleep-in-atomic %s -- %kflags | FileCheck %s %strict
#include <linux/sched.h>

long syscall_enter_from_user_mode(void *regs, long nr);
void syscall_exit_to_user_mode(void *regs);

static void handle(long nr)
{
	msleep(nr);
}

void do_syscall_64(void *regs, long nr)
{
	msleep(1);
	nr = syscall_enter_from_user_mode(regs, nr);
	handle(nr);
	syscall_exit_to_user_mode(regs);
	msleep(2);
}
// CHECK: syscall-entry-api.c:19:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: syscall-entry-api.c:17:6: note: 'do_syscall_64' is entered from user mode in task context with IRQs disabled (syscall entry)
// CHECK: syscall-entry-api.c:23:2: warning: 'msleep()' may sleep, called with IRQs disabled [sleep-in-atomic]
// CHECK: syscall-entry-api.c:22:2: note: atomic region begun here by 'syscall_exit_to_user_mode(regs)'

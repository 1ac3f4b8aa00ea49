// The headline bug (arm64, v5.13 .. early 2026): el0_svc_common() unmasks
// IRQs with local_daif_restore(DAIF_PROCCTX) before invoke_syscall(), whose
// add_random_kstack_offset()/choose_random_kstack_offset() use raw_cpu_*().
// The context comes from the exception vector's C handler down (6.1's shape).
// The read for the alloca is a split read-modify-write (an error): the write
// back is choose_random_kstack_offset()'s, after dispatch().
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <asm/daifflags.h>
#include <linux/randomize_kstack.h>

long dispatch(unsigned int scno);

static void invoke_syscall(unsigned int scno)
{
	add_random_kstack_offset();
	// CHECK: arm64-kstack.c:[[@LINE-1]]:2: error: per-CPU read 'raw_cpu_read(kstack_offset)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [split-rmw]{{$}}
	// CHECK: randomize_kstack.h:{{[0-9]+}}:{{[0-9]+}}: note: expanded from macro 'add_random_kstack_offset'
	// CHECK: arm64-kstack.c:[[@LINE+45]]:6: note: 'el0t_64_sync_handler' is entered from user mode by the exception vector, with IRQs masked
	// CHECK: arm64-kstack.c:[[@LINE+46]]:2: note: 'el0_svc' called here
	// CHECK: arm64-kstack.c:[[@LINE+40]]:2: note: 'do_el0_svc' called here
	// CHECK: arm64-kstack.c:[[@LINE+34]]:2: note: 'el0_svc_common' called here
	// CHECK: arm64-kstack.c:[[@LINE+27]]:2: note: IRQs enabled here by 'local_daif_restore(DAIF_PROCCTX)'
	// CHECK: arm64-kstack.c:[[@LINE+27]]:2: note: 'invoke_syscall' called here
	// CHECK: arm64-kstack.c:[[@LINE-9]]:2: note: split-rmw: the value of 'kstack_offset' read here is used
	// CHECK: arm64-kstack.c:[[@LINE-10]]:2: note: the task may be preempted here, after the read and before the write: preemption is enabled in the calling context above
	// CHECK: arm64-kstack.c:[[@LINE+2]]:2: note: 'kstack_offset' is written here by 'raw_cpu_write' in 'invoke_syscall': a task that ran in between may have used the same value
	dispatch(scno);
	choose_random_kstack_offset(get_random_u16());
	// CHECK: arm64-kstack.c:[[@LINE-1]]:2: warning: per-CPU read 'raw_cpu_read(kstack_offset)' where preemption is enabled; the task may migrate and read another CPU's copy [percpu-preemptible] [unknown]{{$}}
	// CHECK: randomize_kstack.h:{{[0-9]+}}:{{[0-9]+}}: note: expanded from macro 'choose_random_kstack_offset'
	// CHECK: note: 'el0t_64_sync_handler' is entered
	// CHECK: note: 'el0_svc' called here
	// CHECK: note: 'do_el0_svc' called here
	// CHECK: note: 'el0_svc_common' called here
	// CHECK: note: IRQs enabled here by 'local_daif_restore(DAIF_PROCCTX)'
	// CHECK: note: 'invoke_syscall' called here
	// CHECK: arm64-kstack.c:[[@LINE-9]]:2: warning: per-CPU write 'raw_cpu_write(kstack_offset)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible] [unknown]{{$}}
	// CHECK: randomize_kstack.h:{{[0-9]+}}:{{[0-9]+}}: note: expanded from macro 'choose_random_kstack_offset'
	// CHECK: note: 'el0t_64_sync_handler' is entered
	// CHECK: note: 'el0_svc' called here
	// CHECK: note: 'do_el0_svc' called here
	// CHECK: note: 'el0_svc_common' called here
	// CHECK: note: IRQs enabled here by 'local_daif_restore(DAIF_PROCCTX)'
	// CHECK: note: 'invoke_syscall' called here
}

static void el0_svc_common(unsigned int scno)
{
	local_daif_restore(DAIF_PROCCTX);
	invoke_syscall(scno);
}

void do_el0_svc(unsigned int scno)
{
	el0_svc_common(scno);
}

static void el0_svc(unsigned int scno)
{
	do_el0_svc(scno);
}

void el0t_64_sync_handler(unsigned int scno)
{
	el0_svc(scno);
}

// Three call levels from arm64's exception vector; IRQs come on in the middle.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <asm/daifflags.h>
#include <linux/percpu.h>

DEFINE_PER_CPU(u32, depth_mark);

static void level3(void)
{
	raw_cpu_write(depth_mark, 3);
	// CHECK: call-chain-3.c:[[@LINE-1]]:2: warning: per-CPU write 'raw_cpu_write(depth_mark)' where preemption is enabled; the task may migrate and write another CPU's copy [percpu-preemptible]
	// CHECK: call-chain-3.c:[[@LINE+16]]:6: note: 'el0t_64_sync_handler' is entered from user mode by the exception vector, with IRQs masked
	// CHECK: call-chain-3.c:[[@LINE+17]]:2: note: 'level1' called here
	// CHECK: call-chain-3.c:[[@LINE+10]]:2: note: IRQs enabled here by 'local_daif_restore(DAIF_PROCCTX)'
	// CHECK: call-chain-3.c:[[@LINE+10]]:2: note: 'level2' called here
	// CHECK: call-chain-3.c:[[@LINE+3]]:28: note: 'level3' called here
}

static void level2(void) { level3(); }

static void level1(void)
{
	raw_cpu_write(depth_mark, 1);
	local_daif_restore(DAIF_PROCCTX);
	level2();
}

void el0t_64_sync_handler(void)
{
	level1();
}

/* Something reads 'depth_mark' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
int depth_mark_decides(void)
{
	return raw_cpu_read(depth_mark);
}

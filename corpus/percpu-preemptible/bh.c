// local_bh_disable() disables preemption (it raises the softirq count).
// RUN: %kharden check --checks=percpu-preemptible %s -- %kflags | count 0
#include <linux/bottom_half.h>
#include <linux/percpu.h>
#include <linux/syscalls.h>

DEFINE_PER_CPU(int, rx_packets);

SYSCALL_DEFINE0(poll_rx)
{
	local_bh_disable();
	__this_cpu_inc(rx_packets);
	local_bh_enable();
	return 0;
}

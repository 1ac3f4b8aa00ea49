// `get_cpu() == cpu` begins inside get_cpu()'s expansion but is not part
// of it: the comparison sees get_cpu()'s preempt_disable(), put_cpu() comes
// after. The shape of __sync_rcu_exp_select_node_cpus()
// (kernel/rcu/tree_exp.h), a false positive of a first take of the
// anchoring of uses inside macro expansions.
// RUN: %kharden check --checks=percpu-escape %s -- %kflags | count 0
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/syscalls.h>
void note(int);
SYSCALL_DEFINE1(mine, int, cpu)
{
	if (get_cpu() == cpu)
		note(cpu);
	put_cpu();
	return 0;
}

// A notifier chain's call reaches the blocks registered on that chain
// (the kernel model's `notifier-chains`), not every notifier_block's
// function: the die chain, called with preemption disabled, never reaches
// a netdevice notifier, which a system call's chain runs preemptible.
// A block registered on a head the code does not name, or whose function
// is stored through a pointer, may be on any chain.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/smp.h>
#include <linux/syscalls.h>
#include <kernel/notifier-walk.h>

DEFINE_PER_CPU(int, events);

static struct atomic_notifier_head die_chain;
static struct raw_notifier_head netdev_chain;

int register_die_notifier(struct notifier_block *nb)
{
	return atomic_notifier_chain_register(&die_chain, nb);
}

/* On the die chain only (through the wrapper): preemption is off. */
static int die_event(struct notifier_block *nb, unsigned long val, void *v)
{
	return smp_processor_id();
}

static struct notifier_block die_nb = {
	.notifier_call = die_event,
};

/* On the netdevice chain, as a static block and as a field of an object. */
static int netdev_event(struct notifier_block *nb, unsigned long val, void *v)
{
	return smp_processor_id();
	// CHECK: notifier-chains.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: notifier-chains.c:125:1: note: '__do_sys_netdev_up' is a system call body: task context, preemptible
	// CHECK: notifier-chains.c:127:9: note: 'raw_notifier_call_chain' called here
	// CHECK: notifier-walk.h:28:9: note: 'notifier_call_chain' called here
	// CHECK: notifier-walk.h:13:9: note: 'netdev_event' called through 'struct notifier_block.notifier_call'
}

static struct notifier_block netdev_nb = {
	.notifier_call = netdev_event,
};

struct port {
	struct notifier_block nb;
	int id;
};

static int port_event(struct notifier_block *nb, unsigned long val, void *v)
{
	return smp_processor_id();
	// CHECK: notifier-chains.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: notifier-chains.c:125:1: note: '__do_sys_netdev_up' is a system call body: task context, preemptible
	// CHECK: notifier-chains.c:127:9: note: 'raw_notifier_call_chain' called here
	// CHECK: notifier-walk.h:28:9: note: 'notifier_call_chain' called here
	// CHECK: notifier-walk.h:13:9: note: 'port_event' called through 'struct notifier_block.notifier_call'
}

void port_init(struct port *p)
{
	p->nb.notifier_call = port_event;
	raw_notifier_chain_register(&netdev_chain, &p->nb);
}

/* Registered on a head that is a parameter: on any chain. */
static int any_event(struct notifier_block *nb, unsigned long val, void *v)
{
	return smp_processor_id();
	// CHECK: notifier-chains.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: notifier-chains.c:125:1: note: '__do_sys_netdev_up' is a system call body: task context, preemptible
	// CHECK: notifier-chains.c:127:9: note: 'raw_notifier_call_chain' called here
	// CHECK: notifier-walk.h:28:9: note: 'notifier_call_chain' called here
	// CHECK: notifier-walk.h:13:9: note: 'any_event' called through 'struct notifier_block.notifier_call'
}

static struct notifier_block any_nb = {
	.notifier_call = any_event,
};

static void register_on(struct atomic_notifier_head *head,
			struct notifier_block *nb)
{
	atomic_notifier_chain_register(head, nb);
}

/* Stored through a pointer to a block: any block may hold it. */
static int through_pointer_event(struct notifier_block *nb, unsigned long val,
				 void *v)
{
	return smp_processor_id();
	// CHECK: notifier-chains.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: notifier-chains.c:125:1: note: '__do_sys_netdev_up' is a system call body: task context, preemptible
	// CHECK: notifier-chains.c:127:9: note: 'raw_notifier_call_chain' called here
	// CHECK: notifier-walk.h:28:9: note: 'notifier_call_chain' called here
	// CHECK: notifier-walk.h:13:9: note: 'through_pointer_event' called through 'struct notifier_block.notifier_call'
}

void port_hook(struct port *p)
{
	struct notifier_block *nb = &p->nb;

	nb->notifier_call = through_pointer_event;
}

void notifiers_init(void)
{
	register_die_notifier(&die_nb);
	raw_notifier_chain_register(&netdev_chain, &netdev_nb);
	register_on(&die_chain, &any_nb);
}

void notify_die(unsigned long val)
{
	preempt_disable();
	atomic_notifier_call_chain(&die_chain, val, 0);
	preempt_enable();
}

SYSCALL_DEFINE1(netdev_up, unsigned long, val)
{
	return raw_notifier_call_chain(&netdev_chain, val, 0);
}
// CHECK-NOT: warning

// CPU hotplug runs a state's callbacks where the state's section of enum
// cpuhp_state says (include/linux/cpuhotplug.h): PREPARE ones on a control
// CPU, preemptible and free to migrate; STARTING ones on the hotplugged CPU
// with IRQs off; ONLINE ones in that CPU's pinned hotplug thread. The
// section is the state's value against the sections' boundary enumerators,
// for a registration's state argument (dynamic states too) and for a
// designated entry of the core's table alike.
// RUN: not %kharden check --checks=percpu-preemptible %s -- %kflags | FileCheck %s %strict
#include <linux/cpuhotplug.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>

DEFINE_PER_CPU(long, pages);

// PREPARE: the control task may migrate.
static int pages_dead(unsigned int cpu)
{
	__this_cpu_add(pages, 1);
	// CHECK: hotplug-sections.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_add(pages)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: hotplug-sections.c:[[@LINE+70]]:70: note: 'pages_dead' is a CPU hotplug callback of the PREPARE section: runs on a control CPU, preemptible ('CPUHP_BP_PREPARE_DYN')
	return 0;
}

// STARTING: IRQs are off.
static int sched_starting(unsigned int cpu)
{
	raw_cpu_inc(pages);
	return smp_processor_id() == (int)cpu;
}

// ONLINE: pinned, so the kernel's rule accepts __this_cpu_*() but not
// raw_cpu_*().
static int stats_online(unsigned int cpu)
{
	__this_cpu_inc(pages);
	raw_cpu_inc(pages);
	// CHECK: hotplug-sections.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write 'raw_cpu_inc(pages)' where preemption is enabled; the task is pinned to this CPU (migrate_disable(), a bound kworker), but a preempting task may interleave with it [percpu-preemptible]
	// CHECK: hotplug-sections.c:[[@LINE+54]]:57: note: 'stats_online' is a CPU hotplug callback of the ONLINE section: runs in the CPU's pinned hotplug thread ('CPUHP_AP_ONLINE_DYN')
	return smp_processor_id() == (int)cpu;
}

// The core's own states, by designated index: a sleep says only that the
// callback is preemptible, the table's section whether it is pinned.
struct cpuhp_step {
	const char *name;
	union {
		int (*single)(unsigned int cpu);
		int (*multi)(unsigned int cpu, void *node);
	} startup;
	union {
		int (*single)(unsigned int cpu);
		int (*multi)(unsigned int cpu, void *node);
	} teardown;
};

static int page_alloc_cpu_dead(unsigned int cpu)
{
	might_sleep();
	return smp_processor_id() == (int)cpu;
	// CHECK: hotplug-sections.c:[[@LINE-1]]:9: warning: 'smp_processor_id()' where preemption is enabled; the task may migrate right after reading the CPU number [percpu-preemptible]
	// CHECK: hotplug-sections.c:[[@LINE+16]]:22: note: 'page_alloc_cpu_dead' is a CPU hotplug callback of the PREPARE section: runs on a control CPU, preemptible ('CPUHP_PAGE_ALLOC')
	// CHECK: hotplug-sections.c:[[@LINE-4]]:2: note: 'might_sleep()' may sleep: preemption and IRQs are enabled here
}

static int workqueue_offline_cpu(unsigned int cpu)
{
	might_sleep();
	return cpu != smp_processor_id();
}

static struct cpuhp_step cpuhp_hp_states[] = {
	[CPUHP_OFFLINE] = {
		.name = "offline",
	},
	[CPUHP_PAGE_ALLOC] = {
		.name = "mm/page_alloc:dead",
		.teardown.single = page_alloc_cpu_dead,
	},
	[CPUHP_AP_WORKQUEUE_ONLINE] = {
		.name = "workqueue:online",
		.teardown.single = workqueue_offline_cpu,
	},
	[CPUHP_ONLINE] = {
		.name = "online",
	},
};

void setup(void)
{
	cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "pages:dead", NULL, pages_dead);
	cpuhp_setup_state(CPUHP_AP_SCHED_STARTING, "sched:starting", sched_starting, NULL);
	cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "stats:online", stats_online, NULL);
}

/* Something reads 'pages' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
long pages_decide(void)
{
	return raw_cpu_read(pages);
}

#ifndef _LINUX_CPUHOTPLUG_H
#define _LINUX_CPUHOTPLUG_H
/* CPU hotplug states, in the shape of include/linux/cpuhotplug.h (6.1,
 * 6.12): three sections, PREPARE, STARTING and ONLINE, with the dynamic
 * states inside theirs. The explicit states here are a selection. */
enum cpuhp_state {
	CPUHP_INVALID = -1,
	/* PREPARE section invoked on a control CPU */
	CPUHP_OFFLINE = 0,
	CPUHP_CREATE_THREADS,
	CPUHP_PAGE_ALLOC,
	CPUHP_BP_PREPARE_DYN,
	CPUHP_BP_PREPARE_DYN_END = CPUHP_BP_PREPARE_DYN + 20,
	CPUHP_BRINGUP_CPU,
	/* STARTING section invoked on the hotplugged CPU in low level
	 * bringup and teardown code. */
	CPUHP_AP_IDLE_DEAD,
	CPUHP_AP_OFFLINE,
	CPUHP_AP_SCHED_STARTING,
	CPUHP_AP_ONLINE,
	CPUHP_TEARDOWN_CPU,
	/* Online section invoked on the hotplugged CPU from the hotplug thread */
	CPUHP_AP_ONLINE_IDLE,
	CPUHP_AP_WORKQUEUE_ONLINE,
	CPUHP_AP_ONLINE_DYN,
	CPUHP_AP_ONLINE_DYN_END = CPUHP_AP_ONLINE_DYN + 40,
	CPUHP_ONLINE,
};

int __cpuhp_setup_state(enum cpuhp_state state, const char *name, _Bool invoke,
			int (*startup)(unsigned int cpu),
			int (*teardown)(unsigned int cpu), _Bool multi_instance);

static inline int cpuhp_setup_state(enum cpuhp_state state, const char *name,
				    int (*startup)(unsigned int cpu),
				    int (*teardown)(unsigned int cpu))
{
	return __cpuhp_setup_state(state, name, 1, startup, teardown, 0);
}

static inline int cpuhp_setup_state_nocalls(enum cpuhp_state state,
					    const char *name,
					    int (*startup)(unsigned int cpu),
					    int (*teardown)(unsigned int cpu))
{
	return __cpuhp_setup_state(state, name, 0, startup, teardown, 0);
}
#endif

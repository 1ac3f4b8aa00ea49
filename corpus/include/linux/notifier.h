#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H
/* As in include/linux/notifier.h: a chain's head and its blocks. */
struct notifier_block;
typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action,
			     void *data);
struct notifier_block {
	notifier_fn_t notifier_call;
	struct notifier_block *next;
	int priority;
};
struct atomic_notifier_head {
	struct notifier_block *head;
};
struct raw_notifier_head {
	struct notifier_block *head;
};
#define NOTIFY_DONE 0
int atomic_notifier_chain_register(struct atomic_notifier_head *nh,
				   struct notifier_block *nb);
int raw_notifier_chain_register(struct raw_notifier_head *nh,
				struct notifier_block *nb);
int atomic_notifier_call_chain(struct atomic_notifier_head *nh,
			       unsigned long val, void *v);
int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val,
			    void *v);
#endif

/* kernel/notifier.c, cut down: the walk calls through the block's field. */
#ifndef _KERNEL_NOTIFIER_WALK_H
#define _KERNEL_NOTIFIER_WALK_H
#include <linux/notifier.h>

static int notifier_call_chain(struct notifier_block **nl, unsigned long val,
			       void *v)
{
	int ret = NOTIFY_DONE;
	struct notifier_block *nb = *nl;

	while (nb) {
		ret = nb->notifier_call(nb, val, v);
		nb = nb->next;
	}
	return ret;
}

int atomic_notifier_call_chain(struct atomic_notifier_head *nh,
			       unsigned long val, void *v)
{
	return notifier_call_chain(&nh->head, val, v);
}

int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val,
			    void *v)
{
	return notifier_call_chain(&nh->head, val, v);
}
#endif

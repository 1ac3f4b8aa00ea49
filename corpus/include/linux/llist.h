#ifndef _LINUX_LLIST_H
#define _LINUX_LLIST_H
/* Lock-less lists, as include/linux/llist.h (6.1, 6.12) has them. */
#include <linux/atomic.h>
struct llist_node { struct llist_node *next; };
struct llist_head { struct llist_node *first; };
static inline int llist_add(struct llist_node *new, struct llist_head *head)
{
	struct llist_node *first = head->first;
	struct llist_node *seen;

	for (;;) {
		new->next = first;
		seen = cmpxchg(&head->first, first, new);
		if (seen == first)
			break;
		first = seen;
	}
	return !first;
}
#endif

#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H
/* RCU callback registration, as include/linux/rcupdate.h declares it. */
struct rcu_head { struct rcu_head *next; void (*func)(struct rcu_head *); };
typedef void (*rcu_callback_t)(struct rcu_head *head);
void call_rcu(struct rcu_head *head, rcu_callback_t func);
void call_rcu_hurry(struct rcu_head *head, rcu_callback_t func);
struct srcu_struct;
void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func);
#endif

#ifndef _LINUX_HRTIMER_H
#define _LINUX_HRTIMER_H
/* hrtimers, as include/linux/hrtimer.h (6.1, 6.12) declares them: the
 * callback is assigned to the timer's 'function' after hrtimer_init(). */
enum hrtimer_restart { HRTIMER_NORESTART, HRTIMER_RESTART };
enum hrtimer_mode { HRTIMER_MODE_REL = 1, HRTIMER_MODE_REL_SOFT = 5 };
struct hrtimer { enum hrtimer_restart (*function)(struct hrtimer *); };
void hrtimer_init(struct hrtimer *timer, int which_clock, enum hrtimer_mode mode);
#endif

/* Mock kernel header for kharden's corpus: the shapes of the real macros
 * (names, nesting, statement expressions), not their implementation. */
#ifndef _LINUX_CLOCKCHIPS_H
#define _LINUX_CLOCKCHIPS_H
#include <linux/cpumask.h>
struct clock_event_device {
	const struct cpumask *cpumask;
	const char *name;
	int rating, state;
	unsigned int mult;
};
void clockevents_register_device(struct clock_event_device *dev);
void clockevents_config_and_register(struct clock_event_device *dev,
				     unsigned int freq);
#endif

/* The registering half of field-stores.c (as kernel/time/clockevents.c):
 * not a test by itself. */
#include <linux/clockevents.h>
#include <linux/smp.h>

void clockevents_register_device(struct clock_event_device *dev)
{
	dev->state = 1;
	if (!dev->cpumask)
		dev->cpumask = cpumask_of(smp_processor_id());
}

void clockevents_config_and_register(struct clock_event_device *dev,
				     unsigned int freq)
{
	dev->mult = freq;
	clockevents_register_device(dev);
}

#ifndef _LINUX_LOCKDEP_H
#define _LINUX_LOCKDEP_H
#include <linux/bug.h>
#include <linux/irqflags.h>
#define lockdep_assert_irqs_disabled() do { WARN_ON_ONCE(!irqs_disabled()); } while (0)
#define lockdep_assert_preemption_disabled() do { WARN_ON_ONCE(preemptible()); } while (0)
/* As without CONFIG_PROVE_LOCKING: defconfig's. */
#define lockdep_assert_in_softirq() do { } while (0)
#endif

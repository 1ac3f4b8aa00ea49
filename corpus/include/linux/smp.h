#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H
#include <linux/percpu.h>
DECLARE_PER_CPU(int, cpu_number);
#define raw_smp_processor_id() (*raw_cpu_ptr(&cpu_number))
#define __smp_processor_id() raw_smp_processor_id()
#define smp_processor_id() __smp_processor_id()
#define get_cpu() ({ preempt_disable(); __smp_processor_id(); })
#define put_cpu() preempt_enable()
#endif

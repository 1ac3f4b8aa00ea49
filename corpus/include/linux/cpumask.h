/* Mock kernel header for kharden's corpus: the shapes of the real macros
 * (names, nesting, statement expressions), not their implementation. */
#ifndef _LINUX_CPUMASK_H
#define _LINUX_CPUMASK_H
#define BITS_PER_LONG 64
struct cpumask { unsigned long bits[1]; };
extern const unsigned long cpu_bit_bitmap[BITS_PER_LONG + 1][1];
unsigned int __check_is_bitmap(const unsigned long *bitmap);
#define to_cpumask(bitmap) \
	((struct cpumask *)(1 ? (bitmap) : (void *)sizeof(__check_is_bitmap(bitmap))))
static inline const struct cpumask *get_cpu_mask(unsigned int cpu)
{
	const unsigned long *p = cpu_bit_bitmap[1 + cpu % BITS_PER_LONG];
	p -= cpu / BITS_PER_LONG;
	return to_cpumask(p);
}
#define cpumask_of(cpu) (get_cpu_mask(cpu))
#endif

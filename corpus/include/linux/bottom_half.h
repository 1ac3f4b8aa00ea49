#ifndef _LINUX_BH_H
#define _LINUX_BH_H
void __local_bh_disable_ip(unsigned long ip, unsigned int cnt);
void __local_bh_enable_ip(unsigned long ip, unsigned int cnt);
static inline void local_bh_disable(void) { __local_bh_disable_ip(0, 0x200); }
static inline void local_bh_enable(void) { __local_bh_enable_ip(0, 0x200); }
#endif

#ifndef _ASM_X86_NMI_H
#define _ASM_X86_NMI_H
/* x86 NMI handlers, as arch/x86/include/asm/nmi.h registers them. */
struct pt_regs;
typedef int (*nmi_handler_t)(unsigned int, struct pt_regs *);
struct nmiaction { nmi_handler_t handler; unsigned long flags; const char *name; };
int __register_nmi_handler(unsigned int type, struct nmiaction *action);
#define register_nmi_handler(t, fn, fg, n, init...)	\
({							\
	static struct nmiaction init fn##_na = {	\
		.handler = (fn),			\
		.name = (n),				\
		.flags = (fg),				\
	};						\
	__register_nmi_handler((t), &fn##_na);		\
})
#endif

// A translation unit compiled with a separate image's macro
// (-D__KVM_NVHE_HYPERVISOR__: arm64's nVHE hypervisor, linked apart and its
// symbols prefixed) is another program: the kernel's calls never reach its
// functions of the same name, nor its functions stored in a field of a
// structure type the kernel also calls through. This file is built twice,
// as the kernel and as the hypervisor, as arch/arm64/kvm/hyp/pgtable.c is;
// only the kernel's own target of the field is reported.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '[{"directory": "%S", "file": "%s", "arguments": ["clang", "-c", "-nostdinc", "-std=gnu11", "-I", "%S/../include", "%s"]}, {"directory": "%S", "file": "%s", "arguments": ["clang", "-c", "-nostdinc", "-std=gnu11", "-I", "%S/../include", "-D__KVM_NVHE_HYPERVISOR__", "%s"]}]' > %t/compile_commands.json
// RUN: not %kharden check --checks=percpu-preemptible -p %t --no-db | FileCheck %s %strict
#include <linux/percpu.h>
#include <linux/syscalls.h>

struct pgtable_mm_ops {
	void *(*zalloc_page)(void *arg);
};

DEFINE_PER_CPU(long, allocated);

void __kvm_tlb_flush_vmid(void);

#ifdef __KVM_NVHE_HYPERVISOR__
// The hypervisor's, at EL2 with IRQs masked.
void __kvm_tlb_flush_vmid(void)
{
	__this_cpu_inc(allocated);
}

static void *hyp_zalloc_page(void *arg)
{
	__this_cpu_inc(allocated);
	return arg;
}

struct pgtable_mm_ops hyp_mm_ops = { .zalloc_page = hyp_zalloc_page };
#else
static void *host_zalloc_page(void *arg)
{
	__this_cpu_inc(allocated);
	// CHECK: separate-image.c:[[@LINE-1]]:2: warning: per-CPU read-modify-write '__this_cpu_inc(allocated)' where preemption is enabled; a preempting task may interleave with it, or the task may migrate [percpu-preemptible]
	// CHECK: separate-image.c:[[@LINE+7]]:1: note: '__do_sys_map' is a system call body: task context, preemptible
	// CHECK: separate-image.c:[[@LINE+10]]:2: note: 'host_zalloc_page' called through 'struct pgtable_mm_ops.zalloc_page'
	return arg;
}

struct pgtable_mm_ops host_mm_ops = { .zalloc_page = host_zalloc_page };

SYSCALL_DEFINE1(map, struct pgtable_mm_ops *, ops)
{
	// A hypercall on nVHE; the VHE function of the same name on VHE.
	__kvm_tlb_flush_vmid();
	ops->zalloc_page(NULL);
	return 0;
}
#endif

/* Something reads 'allocated' for a decision, so the updates above are of
 * consequence unknown (a warning), not lost updates. Nothing calls it and
 * nothing in it says its context: not reported. */
long allocated_decide(void)
{
	return raw_cpu_read(allocated);
}

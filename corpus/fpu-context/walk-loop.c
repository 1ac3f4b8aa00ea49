// The skcipher walk loop of x86's aesni-intel_glue.c xts_crypt() (6.1,
// 6.12): the section is ended before each skcipher_walk_done() and begun
// again only while walk.nbytes says more is left, the loop's own condition;
// before the loop, a zero walk.nbytes has returned. walk's address goes to
// the walk calls, which may change it, and to nothing else: the two tests
// of walk.nbytes between such calls agree, and no path leaves the loop with
// the section open. The same loop that forgets to end the section before
// skcipher_walk_done() is reported.
// RUN: not %kharden check --checks=fpu-context %s -- %kflags -I %S/Inputs -I %S/Inputs/x86 | FileCheck %s %strict
#include <asm/fpu/api.h>
#include <linux/syscalls.h>

struct walk {
	unsigned int nbytes;
	unsigned int total;
};
int walk_virt(struct walk *w);
int walk_done(struct walk *w, int err);
void transform(unsigned int n);

static int crypt(int tail)
{
	struct walk walk;
	int err = walk_virt(&walk);

	if (!walk.nbytes)
		return err;
	kernel_fpu_begin();
	while (walk.nbytes > 0) {
		transform(walk.nbytes);
		kernel_fpu_end();
		err = walk_done(&walk, 0);
		if (walk.nbytes > 0)
			kernel_fpu_begin();
	}
	if (tail && !err) {
		err = walk_virt(&walk);
		kernel_fpu_begin();
		transform(walk.nbytes);
		kernel_fpu_end();
	}
	return err;
}

static int crypt_unbalanced(void)
{
	struct walk walk;
	int err = walk_virt(&walk);

	while (walk.nbytes > 0) {
		kernel_fpu_begin();
		transform(walk.nbytes);
		err = walk_done(&walk, 0);
	}
	kernel_fpu_end();
	return err;
}

SYSCALL_DEFINE1(xts, int, tail)
{
	return crypt(tail) + crypt_unbalanced();
}

// CHECK: walk-loop.c:51:3: warning: 'kernel_fpu_begin()' inside a kernel FPU/SIMD section already begun; sections do not nest [fpu-context]
// CHECK: walk-loop.c:59:1: note: '__do_sys_xts' is a system call body: task context, preemptible
// CHECK: walk-loop.c:61:23: note: 'crypt_unbalanced' called here
// CHECK: walk-loop.c:51:3: note: kernel FPU/SIMD section begun here by 'kernel_fpu_begin()'

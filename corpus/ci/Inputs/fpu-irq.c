// A hard IRQ handler that begins an FPU section unguarded (fpu-context).
#include <asm/fpu/api.h>
#include <linux/interrupt.h>

static irqreturn_t my_irq(int irq, void *dev)
{
	kernel_fpu_begin();
	kernel_fpu_end();
	return 0;
}

int setup(void)
{
	return request_irq(1, my_irq, 0, "mine", 0);
}

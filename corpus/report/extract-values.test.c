// kharden extract reads the constants of the stack-offset macros with clang's
// constant evaluator, never from macro text (Inputs/values/syscall.c).
//
// 6.12's binary literal, a masked random input.
// RUN: %expect-exit 0 %kharden extract %S/Inputs/values/syscall.c -- %kflags -DVARIANT=0 | FileCheck %s --check-prefix=BINARY
// BINARY:      #   random.bits: 9  <- 'get_random_u16()' yields 16 bits, masked to 9 ({{.*}}values/syscall.c:48:2)
// BINARY-NEXT: #   mix.op: ror32-xor  <- 'choose_random_kstack_offset' computes ror32(offset, 5) ^ rand ({{.*}}values/syscall.c:38:34)
// BINARY-NEXT: #   mix.rotate: 5  <- the ror32() rotation, 'ROTATE' ({{.*}}values/syscall.c:38:34)
// BINARY-NEXT: #   offset-mask: 0x3f0  <- 'KSTACK_OFFSET_MAX' masks with 0b1111110000 = 0x3f0 ({{.*}}values/syscall.c:11:35)
// BINARY:      offset-mask: {{ *}}0x3F0
//
// GENMASK(), sizeof arithmetic.
// RUN: %expect-exit 0 %kharden extract %S/Inputs/values/syscall.c -- %kflags -DVARIANT=1 | FileCheck %s --check-prefix=GENMASK
// GENMASK:      #   random.bits: 16  <- 'get_random_u16()' yields 16 bits ({{.*}}values/syscall.c:48:2)
// GENMASK:      #   mix.rotate: 5  <- the ror32() rotation, 'ROTATE' ({{.*}}values/syscall.c:38:34)
// GENMASK-NEXT: #   offset-mask: 0x3f0  <- 'KSTACK_OFFSET_MAX' masks with GENMASK(9, 4) = 0x3f0 ({{.*}}values/syscall.c:15:35)
//
// The constant on the left of '&', a random input masked with GENMASK().
// RUN: %expect-exit 0 %kharden extract %S/Inputs/values/syscall.c -- %kflags -DVARIANT=2 | FileCheck %s --check-prefix=LEFT
// LEFT:      #   random.bits: 9  <- 'get_random_u16()' yields 16 bits, masked to 9 ({{.*}}values/syscall.c:48:2)
// LEFT:      #   offset-mask: 0x3ff  <- 'KSTACK_OFFSET_MAX' masks with ((1U << (sizeof(u16) * BITS_PER_BYTE - 6)) - 1) = 0x3ff ({{.*}}values/syscall.c:19:79)
//
// A mask and a rotation no evaluator can read are unknown, never a value;
// extract exits 3.
// RUN: %expect-exit 3 %kharden extract %S/Inputs/values/syscall.c -- %kflags -DVARIANT=3 2>/dev/null | FileCheck %s --check-prefix=VARIABLE
// VARIABLE:      #   mix.op: unknown  <- the rotation 'ROTATE' is not a constant clang can evaluate ({{.*}}values/syscall.c:38:34)
// VARIABLE-NEXT: #   offset-mask: unknown  <- the stack sink's size '((x) & kstack_mask)' is not 'offset & constant' ({{.*}}values/syscall.c:25:30)
// VARIABLE:      offset-mask: unknown  # the stack sink's size '((x) & kstack_mask)' is not 'offset & constant'

// kharden extract: the scheme of a tree, each field with its source.
// RUN: %expect-exit 0 %kharden extract %S/Inputs/base/syscall.c -- %kflags | FileCheck %s
// CHECK:      #   storage: per-task  <- the consume reads the task's 'kstack_offset' ({{.*}}base/syscall.c:11:25)
// CHECK-NEXT: #   consume.context: preemptible  <- the context engine, over every calling context of 'invoke_syscall' ({{.*}}base/syscall.c:25:2)
// CHECK-NEXT: #   refill.site: syscall-exit  <- 'invoke_syscall' is not on a path the kernel model says runs on every return to user mode ({{.*}}base/syscall.c:27:2)
// CHECK-NEXT: #   refill.context: preemptible  <- the context engine, over every calling context of 'invoke_syscall' ({{.*}}base/syscall.c:27:2)
// CHECK-NEXT: #   random.source: crng  <- 'get_random_u16()' yields 16 bits ({{.*}}base/syscall.c:27:2)
// CHECK-NEXT: #   random.expression: get_random_u16()  <- the refill's argument ({{.*}}base/syscall.c:27:2)
// CHECK-NEXT: #   random.bits: 16  <- 'get_random_u16()' yields 16 bits ({{.*}}base/syscall.c:27:2)
// CHECK-NEXT: #   mix.op: ror32-xor  <- 'choose_random_kstack_offset' computes ror32(offset, 5) ^ rand ({{.*}}base/syscall.c:17:29)
// CHECK-NEXT: #   mix.rotate: 5  <- the ror32() rotation, '5' ({{.*}}base/syscall.c:17:29)
// CHECK-NEXT: #   offset-mask: 0x3ff  <- 'KSTACK_OFFSET_MAX' masks with 0x3FF = 0x3ff ({{.*}}base/syscall.c:6:35)
// CHECK:      storage: {{ *}}per-task
// CHECK:      consume:
// CHECK-NEXT:   context: {{ *}}preemptible
//
// The file it writes proves as it stands.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 0 %kharden extract -o %t/s.yaml %S/Inputs/base/syscall.c -- %kflags
// RUN: %expect-exit 0 %kharden prove --scheme %t/s.yaml --property entropy.fresh --format=json | FileCheck %s --check-prefix=PROVE
// PROVE: "min_entropy_bits": 6,
//
// A field the code does not determine is unknown, with the reason; exit 3.
// RUN: %expect-exit 3 %kharden extract %S/Inputs/unknown/syscall.c -- %kflags > %t/u.yaml 2> %t/u.err
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t/u.yaml
// RUN: FileCheck %s --check-prefix=UNKNOWN-ERR < %t/u.err
// UNKNOWN: #   random.source: unknown  <- 'my_entropy()' is not a random input the kernel model lists (random-inputs)
// UNKNOWN: source: unknown  # 'my_entropy()' is not a random input
// UNKNOWN-ERR: kharden: warning: some fields are unknown
// RUN: %expect-exit 2 %kharden prove --scheme %t/u.yaml
//
// No stack-offset macro at all: nothing to extract; exit 3.
// RUN: %expect-exit 3 %kharden extract %S/Inputs/plain.c -- %kflags 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: kharden: warning: the analysed files use no stack-offset consume macro ('add_random_kstack_offset')
//
// Contexts are derived from where the hardware enters: with entry-common.c in
// the run, 6.12's el0_svc() decides (it unmasks IRQs before do_el0_svc()).
// RUN: printf '[{"directory":"%S","file":"%S/Inputs/split/syscall.c","command":"clang -c %S/Inputs/split/syscall.c %kflags"},{"directory":"%S","file":"%S/Inputs/split/entry-common.c","command":"clang -c %S/Inputs/split/entry-common.c %kflags"}]' > %t/compile_commands.json
// RUN: %expect-exit 0 %kharden extract -p %t %S/Inputs/split/syscall.c %S/Inputs/split/entry-common.c | FileCheck %s --check-prefix=DERIVED
// DERIVED: #   consume.context: preemptible  <- the context engine, over every calling context of 'invoke_syscall' ({{.*}}split/syscall.c:23:2)
// DERIVED: #   offset-mask: 0x3f0  <- 'KSTACK_OFFSET_MAX' masks with 0b1111110000 = 0x3f0 ({{.*}}split/syscall.c:5:35)
// Without it, the context is unknown, and the note names the file of the
// compile database that would decide it.
// RUN: %expect-exit 3 %kharden extract -p %t %S/Inputs/split/syscall.c 2>/dev/null | FileCheck %s --check-prefix=ALONE
// ALONE: #   consume.context: unknown  <- no calling context of 'invoke_syscall' in the analysed files decides preemption and IRQs: it is reached from 'do_el0_svc', which nothing in them calls; entry-common.c names 'do_el0_svc' and would decide it (add it to the run) ({{.*}}split/syscall.c:23:2)

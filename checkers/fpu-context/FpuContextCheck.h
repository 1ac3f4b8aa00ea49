//===- FpuContextCheck.h - fpu-context --------------------------*- C++ -*-===//
#ifndef KHARDEN_CHECKERS_FPU_CONTEXT_CHECK_H
#define KHARDEN_CHECKERS_FPU_CONTEXT_CHECK_H

#include "checkers/Check.h"

namespace kharden {

/// Finds kernel FPU/SIMD sections (kernel_fpu_begin(), kernel_neon_begin())
/// begun in a context that forbids them, as the kernel model's check-rules
/// say: NMI, hard IRQ or IRQs off without a guard on the path, or inside
/// another section.
class FpuContextCheck : public Check {
public:
  FpuContextCheck() : Check("fpu-context") {}
  void run(const Program &P, std::vector<Finding> &Out) const override;
};

} // namespace kharden

#endif

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
  unsigned contextPartsRead(const KernelModel &M,
                            const FunctionSummary &F) const override;
  /// How many sections the run holds, and in which kinds of context.
  std::vector<std::string> stats(const Program &P) const override;

private:
  /// Visits every operation a rule of this check watches (a section's
  /// begin), with those rules.
  void forEachSection(
      const Program &P,
      llvm::function_ref<void(const FunctionSummary &, const Operation &,
                              llvm::ArrayRef<const CheckRule *>)>
          Visit) const;
};

} // namespace kharden

#endif

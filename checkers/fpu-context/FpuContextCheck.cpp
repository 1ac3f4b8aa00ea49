#include "checkers/fpu-context/FpuContextCheck.h"

namespace kharden {

std::unique_ptr<Check> createFpuContextCheck() {
  return std::make_unique<FpuContextCheck>();
}

static std::string message(const Operation &Op, ContextWord W) {
  std::string T = "'" + Op.Name + "()'";
  switch (W) {
  case ContextWord::Nmi:
    return T + " where the context may be an NMI; kernel FPU/SIMD use is "
               "never allowed there";
  case ContextWord::Hardirq:
    return T + " where the context may be a hard IRQ, with no "
               "irq_fpu_usable()/may_use_simd() check on the path; the code "
               "it interrupted may be using the FPU/SIMD registers";
  case ContextWord::IrqsOff:
    return T + " with IRQs disabled and no may_use_simd() check on the path; "
               "the FPU/SIMD registers may not be used there";
  case ContextWord::SimdSection:
    return T + " inside a kernel FPU/SIMD section already begun; sections "
               "do not nest";
  default:
    return T + " where the context is '" + contextWordName(W).str() +
           "', which its rule in the kernel model forbids";
  }
}

void FpuContextCheck::run(const Program &P, std::vector<Finding> &Out) const {
  const KernelModel &M = P.model();
  std::vector<const CheckRule *> Mine = M.rulesOf(name());
  for (const FunctionSummary &F : P.functions()) {
    if (!reportsOn(F))
      continue;
    // kernel_fpu_begin()'s own call of kernel_fpu_begin_mask() is the
    // caller's section, reported at the caller's kernel_fpu_begin().
    if (llvm::any_of(Mine,
                     [&](const CheckRule *R) { return M.watches(*R, F.Name); }))
      continue;
    for (const Operation &Op : F.Ops) {
      std::vector<const CheckRule *> Rules = rulesFor(M, Op);
      if (Rules.empty())
        continue;
      std::optional<ContextWord> Word;
      auto Wrong = [&](const AbsState &S) {
        for (const CheckRule *R : Rules)
          if ((Word = wrongIn(*R, S)))
            return true;
        return false;
      };
      std::optional<Explanation> Why = P.findContext(F, Op.States, Wrong);
      if (!Why)
        continue;
      Out.push_back(findingAt(F, Op, *Why, message(Op, *Word),
                              contextWordName(*Word).str()));
    }
  }
}

} // namespace kharden

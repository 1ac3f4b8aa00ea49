#include "checkers/fpu-context/FpuContextCheck.h"
#include "support/Plural.h"

#include "llvm/ADT/StringExtras.h"

#include <map>

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

void FpuContextCheck::forEachSection(
    const Program &P,
    llvm::function_ref<void(const FunctionSummary &, const Operation &,
                            llvm::ArrayRef<const CheckRule *>)>
        Visit) const {
  const KernelModel &M = P.model();
  std::vector<const CheckRule *> Mine = M.rulesOf(name());
  for (const FunctionSummary &F : P.functions()) {
    if (!reportsOn(F))
      continue;
    // kernel_fpu_begin()'s own call of kernel_fpu_begin_mask() is the
    // caller's section, reported at the caller's kernel_fpu_begin().
    if (llvm::any_of(
            Mine, [&](const CheckRule *R) { return M.watches(*R, F.name()); }))
      continue;
    for (const Operation &Op : F.Ops) {
      std::vector<const CheckRule *> Rules = rulesFor(M, Op);
      if (!Rules.empty())
        Visit(F, Op, Rules);
    }
  }
}

// stats() counts the kinds, the SIMD guards and IRQs off.
unsigned FpuContextCheck::contextPartsRead(const KernelModel &M,
                                           const FunctionSummary &F) const {
  if (!reportsOn(F) || !watchesAnOperationOf(M, F))
    return 0;
  return partsTheRulesRead(M) | AbsState::part(AbsState::KindsPart) |
         AbsState::part(AbsState::Simd) | AbsState::part(AbsState::Levels);
}

void FpuContextCheck::run(const Program &P, std::vector<Finding> &Out) const {
  forEachSection(P, [&](const FunctionSummary &F, const Operation &Op,
                        llvm::ArrayRef<const CheckRule *> Rules) {
    std::optional<ContextWord> Word;
    auto Wrong = [&](const AbsState &S) {
      return (Word = wrongIn(Rules, S)).has_value();
    };
    std::optional<Explanation> Why = P.findContext(F, Op.States, Wrong);
    if (Why)
      Out.push_back(findingAt(F, Op, *Why, message(Op, *Word),
                              contextWordName(*Word).str()));
  });
}

// A section the engine saw only in contexts of no known kind (nothing in
// the run calls its function, or only such callers do) is never reported:
// these counts say how much of the run the rules could judge.
std::vector<std::string> FpuContextCheck::stats(const Program &P) const {
  std::map<std::string, size_t> ByOperation;
  size_t Sections = 0, Known = 0, Guarded = 0, IrqsOff = 0;
  std::map<ContextKind, size_t> ByKind;
  forEachSection(P, [&](const FunctionSummary &F, const Operation &Op,
                        llvm::ArrayRef<const CheckRule *>) {
    ++Sections;
    ++ByOperation[Op.Name];
    uint8_t Kinds = 0;
    bool WasGuarded = false, WasIrqsOff = false;
    P.findContext(F, Op.States, [&](const AbsState &S) {
      if (S.Kinds != AllKinds)
        Kinds |= S.Kinds;
      WasGuarded |= S.SimdUsable;
      WasIrqsOff |= S.Irqs == Level::Off;
      return false; // every context
    });
    Known += Kinds != 0;
    Guarded += WasGuarded;
    IrqsOff += WasIrqsOff;
    for (ContextKind K : EveryKind)
      ByKind[K] += (Kinds & K) != 0;
  });
  std::string Line;
  llvm::raw_string_ostream OS(Line);
  OS << plural(Sections, "kernel FPU/SIMD section") << " begun";
  if (Sections == 0)
    return {OS.str()};
  OS << " (";
  llvm::ListSeparator Comma;
  for (const auto &[Name, N] : ByOperation)
    OS << Comma << Name << "() " << N;
  OS << "): " << Known << " in a known kind of context (";
  llvm::ListSeparator Comma2;
  for (ContextKind K : EveryKind)
    OS << Comma2 << kindName(K) << " " << ByKind[K];
  OS << "), " << Sections - Known << " in none known; " << Guarded
     << " after a usability check, " << IrqsOff << " with IRQs off";
  return {OS.str()};
}

} // namespace kharden

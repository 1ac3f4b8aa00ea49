//===- SplitPercpuHandoffCheck.h - split-percpu-handoff ---------*- C++ -*-===//
#ifndef KHARDEN_CHECKERS_SPLIT_PERCPU_HANDOFF_SPLITPERCPUHANDOFFCHECK_H
#define KHARDEN_CHECKERS_SPLIT_PERCPU_HANDOFF_SPLITPERCPUHANDOFFCHECK_H

#include "checkers/Check.h"

namespace kharden {

/// Finds per-CPU values handed off between atomic regions: consumed in one
/// (a read whose value is used) and refilled in another (a write), so that a
/// migration in between lets a CPU consume the same value twice; each
/// finding carries the atomicity model's verdict.
class SplitPercpuHandoffCheck : public Check {
public:
  SplitPercpuHandoffCheck() : Check("split-percpu-handoff") {}
  void run(const Program &P, std::vector<Finding> &Out) const override;
  unsigned contextPartsRead(const KernelModel &M,
                            const FunctionSummary &F) const override;
  llvm::Error setOption(llvm::StringRef Key, llvm::StringRef Value) override;
  std::vector<std::pair<std::string, std::string>> options() const override;

private:
  /// Also report handoffs of values that are neither secret nor fresh
  /// (not fed to the stack, no random source mixed in), as notes.
  bool ReportAllValues = false;
};

} // namespace kharden

#endif

//===- PercpuPreemptibleCheck.h - percpu-preemptible ------------*- C++ -*-===//
#ifndef KHARDEN_CHECKERS_PERCPU_PREEMPTIBLE_PERCPUPREEMPTIBLECHECK_H
#define KHARDEN_CHECKERS_PERCPU_PREEMPTIBLE_PERCPUPREEMPTIBLECHECK_H

#include "checkers/Check.h"

namespace kharden {

/// Finds per-CPU operations that need preemption off (raw_cpu_*(),
/// __this_cpu_*(), dereferenced raw_cpu_ptr()/this_cpu_ptr(),
/// smp_processor_id()) reached where preemption may happen.
class PercpuPreemptibleCheck : public Check {
public:
  PercpuPreemptibleCheck() : Check("percpu-preemptible") {}
  void run(const Program &P, std::vector<Finding> &Out) const override;
  unsigned contextPartsRead(const KernelModel &M,
                            const FunctionSummary &F) const override;
  llvm::Error setOption(llvm::StringRef Key, llvm::StringRef Value) override;
  std::vector<std::pair<std::string, std::string>> options() const override;

private:
  /// A read-modify-write where the task is pinned (migrate_disable(), a
  /// bound kworker, a per-CPU thread): by the kernel's rule, reported only
  /// for raw_cpu_*(); or reported always.
  enum class PinnedRmwRule { KernelRule, Report };
  PinnedRmwRule PinnedRmw = PinnedRmwRule::KernelRule;

  bool kernelRuleAccepts(const Operation &Op) const;
};

} // namespace kharden

#endif

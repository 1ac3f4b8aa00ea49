//===- SleepInAtomicCheck.h - sleep-in-atomic -----------------*- C++ -*-===//
#ifndef KHARDEN_CHECKERS_SLEEP_IN_ATOMIC_CHECK_H
#define KHARDEN_CHECKERS_SLEEP_IN_ATOMIC_CHECK_H

#include "checkers/Check.h"

namespace kharden {

/// Finds calls that may sleep (a may-sleep primitive of the kernel model,
/// or a function that reaches one on some path, across files) made where
/// the kernel model's check-rules forbid sleeping: preemption or IRQs off,
/// an RCU read-side or kernel FPU/SIMD section, softirq, hard IRQ or NMI
/// context. Reported at the call made inside the atomic region.
class SleepInAtomicCheck : public Check {
public:
  SleepInAtomicCheck() : Check("sleep-in-atomic") {}
  void run(const Program &P, std::vector<Finding> &Out) const override;
  unsigned contextPartsRead(const KernelModel &M,
                            const FunctionSummary &F) const override;
  llvm::Error setOption(llvm::StringRef Key, llvm::StringRef Value) override;
  std::vector<std::pair<std::string, std::string>> options() const override;

private:
  /// cond_resched() sleeps only where the kernel's preemption model makes
  /// it a scheduling point; it warns in atomic context on every config
  /// with CONFIG_DEBUG_ATOMIC_SLEEP.
  bool CondResched = true;
  /// CONFIG_PREEMPT_RCU: rcu_read_lock() marks a reader only (preempt), or
  /// also disables preemption (non-preempt). Sleeping in a reader is a bug
  /// in both; the flavour says why in the message.
  bool PreemptRcu = true;
};

} // namespace kharden

#endif

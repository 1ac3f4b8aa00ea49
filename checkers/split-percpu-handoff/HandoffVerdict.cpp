#include "checkers/split-percpu-handoff/HandoffShape.h"

namespace kharden {

llvm::StringRef contextName(RegionContext C) {
  switch (C) {
  case RegionContext::Preemptible: return "preemptible";
  case RegionContext::PreemptOff: return "preempt-off";
  case RegionContext::IrqsOff: return "irqs-off";
  case RegionContext::Unknown: return "unknown";
  }
  return "unknown";
}

static std::string describe(const HandoffShape &S) {
  return ("per-cpu storage, consume " + contextName(S.Consume) + ", refill " +
          contextName(S.Refill) + " at " +
          (S.RefillRuns == ExitKind::EveryReturnToUser ? "every-return-to-user"
                                                       : "syscall-exit"))
      .str();
}

Verdict proveFreshness(const HandoffShape &Shape) {
  Verdict V;
  V.Property = "atomicity.freshness";
  V.Scheme = describe(Shape);
  V.Status = "unknown";
  V.Detail = "the atomicity model is not linked yet";
  return V;
}

} // namespace kharden

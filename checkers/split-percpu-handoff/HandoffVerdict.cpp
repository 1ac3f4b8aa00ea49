#include "checkers/split-percpu-handoff/HandoffShape.h"

#include "models/kstack/Atomicity.h"

namespace kharden {

static kstack::Context modelContext(RegionContext C) {
  switch (C) {
  case RegionContext::PreemptOff: return kstack::Context::PreemptOff;
  case RegionContext::IrqsOff: return kstack::Context::IrqsOff;
  case RegionContext::Preemptible:
  case RegionContext::Unknown: break;
  }
  return kstack::Context::Preemptible;
}

/// The scheme the handoff is an instance of: only where the value lives
/// and where and how it is consumed and refilled matter to atomicity.
static kstack::StackOffsetScheme schemeOf(const HandoffShape &Shape) {
  kstack::StackOffsetScheme S;
  S.Name = "split-percpu-handoff";
  S.Where = kstack::Storage::PerCpu;
  S.Consume.Ctx = modelContext(Shape.Consume);
  S.Refill.Ctx = modelContext(Shape.Refill);
  S.Refill.Site = Shape.RefillRuns == ExitKind::EveryReturnToUser
                      ? kstack::RefillSite::EveryReturnToUser
                      : kstack::RefillSite::SyscallExit;
  return S;
}

Verdict proveFreshness(const HandoffShape &Shape) {
  kstack::StackOffsetScheme S = schemeOf(Shape);
  kstack::PropertyResult R =
      kstack::checkAtomicity(S, kstack::AtomicityProperty::Freshness);
  Verdict V;
  V.Status = R.Verdict;
  V.Property = R.Property;
  V.Scheme = ("per-cpu storage, consume " + kstack::spelling(S.Consume.Ctx) +
              ", refill " + kstack::spelling(S.Refill.Ctx) + " at " +
              kstack::spelling(S.Refill.Site))
                 .str();
  V.Detail = smt::decided(R.Verdict) ? R.Method : R.Problem;
  for (const kstack::ScheduleStep &Step : R.Schedule)
    V.Schedule.push_back({Step.Cpu, "task" + std::to_string(Step.Task),
                          Step.Event,
                          Step.SlotValue ? int(*Step.SlotValue) : -1,
                          Step.Note});
  return V;
}

} // namespace kharden

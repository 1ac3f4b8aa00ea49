#include "checkers/split-percpu-handoff/SplitPercpuHandoffCheck.h"

#include "checkers/split-percpu-handoff/HandoffShape.h"

#include "llvm/ADT/MapVector.h"

#include <map>
#include <tuple>

namespace kharden {

std::unique_ptr<Check> createSplitPercpuHandoffCheck() {
  return std::make_unique<SplitPercpuHandoffCheck>();
}

namespace {

/// One per-CPU access and the function whose code contains it.
struct Access {
  const FunctionSummary *F;
  const Operation *Op;
};

// What a value does, from the operations of the same statement or macro
// invocation ("together").

/// A consume: a read whose value is used, not written back together (the
/// refill's `ror32(offset, 5) ^ rand`).
bool consumes(const FunctionSummary &F, const Operation &Op) {
  return Op.Access == PercpuAccess::Read && Op.ValueUsed &&
         !llvm::any_of(F.Ops, [&](const Operation &W) {
           return W.isPercpu() && W.Access == PercpuAccess::Write &&
                  W.Variable == Op.Variable && W.Where == Op.Where;
         });
}

/// The engine's rules this check's rules watch (kernel.yaml check-rules):
/// per-CPU operations, and the stack sinks and random sources that make a
/// handed-off value secret.
struct Watched {
  bool Percpu = false, StackSinks = false, RandomSources = false;

  Watched(const KernelModel &M, llvm::StringRef Check) {
    for (const CheckRule *R : M.rulesOf(Check)) {
      Percpu |= R->EngineRule == rules::Percpu;
      StackSinks |= R->EngineRule == rules::StackSink;
      RandomSources |= R->EngineRule == rules::RandomSource;
    }
  }
};

/// The consumed value moves the stack: used together with __builtin_alloca().
bool feedsStack(const Watched &W, const Access &C) {
  return W.StackSinks && hasOperationAt(*C.F, rules::StackSink, C.Op->Where);
}

/// The refill writes a random or timer value: get_random_*(), rdtsc().
bool mixesRandom(const Watched &W, const Access &R) {
  return W.RandomSources &&
         hasOperationAt(*R.F, rules::RandomSource, R.Op->Where);
}

bool before(const SourcePoint &A, const SourcePoint &B) {
  return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
}

/// The consume is refilled later in the same atomic region of its function:
/// a per-CPU cache, or a lock held around both sides.
bool refilledInRegion(const Program &P, const Access &C,
                      llvm::ArrayRef<Access> Refills) {
  for (const Access &R : Refills) {
    if (R.F != C.F || !before(C.Op->Where, R.Op->Where))
      continue;
    for (const RelState &SC : C.Op->States)
      for (const RelState &SR : R.Op->States) {
        if (SC.Region != SR.Region || SC.Region == RelState::OpenRegion)
          continue;
        if (SC.Region != RelState::InheritedRegion || P.enteredAtomic(*C.F))
          return true;
      }
  }
  return false;
}

/// The refill to name in the report: one in the consume's function after
/// it if any (the handoff's other half is usually right there), else the
/// first.
const Access &pickRefill(const Access &C, llvm::ArrayRef<Access> Refills) {
  for (const Access &R : Refills)
    if (R.F == C.F && before(C.Op->Where, R.Op->Where))
      return R;
  return Refills.front();
}

std::string where(RegionContext C) {
  switch (C) {
  case RegionContext::Preemptible: return "with preemption enabled";
  case RegionContext::PreemptOff: return "with preemption disabled";
  case RegionContext::IrqsOff: return "with IRQs disabled";
  case RegionContext::Unknown: break;
  }
  return "in an unknown context";
}

std::string consequence(const Verdict &V) {
  if (V.Status == smt::Status::Refuted)
    return "a task that migrates in between lets a CPU consume the same "
           "value twice";
  if (V.Status == smt::Status::Proved)
    return "the atomicity model proves every consumed value fresh";
  return "the atomicity model could not decide whether a value can be "
         "consumed twice";
}

/// A secret value the model shows consumed twice is the stack-offset bug;
/// one it cannot decide needs a look; a handoff proved fresh, or of a value
/// that is not secret, is worth knowing, not a bug.
Severity severityOf(bool Secret, smt::Status Status) {
  if (!Secret || Status == smt::Status::Proved)
    return Severity::Note;
  return Status == smt::Status::Refuted ? Severity::Error : Severity::Warning;
}

/// Each distinct shape is proved once per run.
const Verdict &
verdictFor(const HandoffShape &Shape,
           std::map<std::tuple<RegionContext, RegionContext, ExitKind>,
                    Verdict> &Cache) {
  auto Key = std::make_tuple(Shape.Consume, Shape.Refill, Shape.RefillRuns);
  auto It = Cache.find(Key);
  if (It == Cache.end())
    It = Cache.emplace(Key, proveFreshness(Shape)).first;
  return It->second;
}

/// A schedule's refills and syscall exits are told at the refill; every
/// other step (entries, consumes, preemption, interrupts) at the consume.
bool atRefill(llvm::StringRef Event) {
  return Event.starts_with("refill") || Event == "syscall-exit";
}

void addVerdictNotes(Finding &Fd, const Verdict &V, const SourcePoint &Consume,
                     const SourcePoint &Refill) {
  std::string Head = "atomicity model: " + V.Property + " " +
                     smt::statusName(V.Status) + " for " + V.Scheme;
  if (!V.Detail.empty())
    Head += " (" + V.Detail + ")";
  Fd.Notes.push_back({Consume, Head});
  unsigned Step = 0;
  for (const ScheduleStep &S : V.Schedule)
    Fd.Notes.push_back({atRefill(S.Event) ? Refill : Consume,
                        "step " + std::to_string(++Step) + ": " + S.Note});
}

} // namespace

llvm::Error SplitPercpuHandoffCheck::setOption(llvm::StringRef Key,
                                               llvm::StringRef Value) {
  if (Key != "ReportAllValues")
    return Check::setOption(Key, Value);
  return setBoolOption(Key, Value, ReportAllValues);
}

std::vector<std::pair<std::string, std::string>>
SplitPercpuHandoffCheck::options() const {
  return {{"ReportAllValues", ReportAllValues ? "true" : "false"}};
}

// A refill is looked for in every function, whichever files are reported;
// regionContext() and enteredAtomic() read the levels.
unsigned
SplitPercpuHandoffCheck::contextPartsRead(const KernelModel &,
                                          const FunctionSummary &F) const {
  bool Accesses = llvm::any_of(F.Ops, [](const Operation &Op) {
    return Op.isPercpu() && !Op.Variable.empty();
  });
  return Accesses ? AbsState::part(AbsState::Levels) : 0;
}

void SplitPercpuHandoffCheck::run(const Program &P,
                                  std::vector<Finding> &Out) const {
  std::map<std::tuple<RegionContext, RegionContext, ExitKind>, Verdict>
      Verdicts;
  Watched W(P.model(), name());
  llvm::MapVector<llvm::StringRef, std::vector<Access>> Consumes, Refills;
  for (const FunctionSummary &F : P.functions())
    for (const Operation &Op : F.Ops) {
      if (!W.Percpu || !Op.isPercpu() || Op.Variable.empty())
        continue;
      // A refill anywhere counts; a consume only where findings are wanted.
      if (consumes(F, Op) && reportsOn(F))
        Consumes[Op.Variable].push_back({&F, &Op});
      else if (Op.Access == PercpuAccess::Write)
        Refills[Op.Variable].push_back({&F, &Op});
    }

  for (auto &[Variable, Cs] : Consumes) {
    auto It = Refills.find(Variable);
    if (It == Refills.end())
      continue;
    llvm::ArrayRef<Access> Rs = It->second;
    for (const Access &C : Cs) {
      if (refilledInRegion(P, C, Rs))
        continue;
      const Access &R = pickRefill(C, Rs);
      HandoffShape Shape{P.regionContext(*C.F, C.Op->States),
                         P.regionContext(*R.F, R.Op->States),
                         ExitKind::SyscallExit};
      if (Shape.Consume == RegionContext::Unknown ||
          Shape.Refill == RegionContext::Unknown)
        continue;
      bool FeedsStack = feedsStack(W, C), MixesRandom = mixesRandom(W, R);
      bool Secret = FeedsStack || MixesRandom;
      if (!Secret && !ReportAllValues)
        continue;
      const ExitPath *Exit = P.model().findExitPath(R.F->name());
      if (Exit)
        Shape.RefillRuns = Exit->Runs;

      Verdict V = verdictFor(Shape, Verdicts);
      Finding Fd;
      Fd.Check = std::string(name());
      Fd.Level = severityOf(Secret, V.Status);
      Fd.Where = C.Op->Where;
      Fd.Function = C.F->name();
      Fd.Variable = Variable.str();
      Fd.Evidence = "handoff";
      Fd.Message = "per-CPU '" + Fd.Variable + "' is consumed here " +
                   where(Shape.Consume) + " and refilled in another atomic "
                   "region " + where(Shape.Refill) + "; " + consequence(V);
      Fd.Notes = C.Op->MacroNotes;
      if (FeedsStack)
        Fd.Notes.push_back(
            {C.Op->Where, "the consumed value moves the stack (alloca)"});
      Fd.Notes.push_back({R.Op->Where, "refilled here by '" + R.Op->Name +
                                           "' in '" + R.F->name().str() + "' " +
                                           where(Shape.Refill)});
      if (Exit)
        Fd.Notes.push_back(
            {R.F->Where, "'" + R.F->name().str() + "' " + Exit->Reason});
      if (MixesRandom)
        Fd.Notes.push_back({R.Op->Where, "the refill mixes in a random or "
                                         "timer source: the value is secret"});
      addVerdictNotes(Fd, V, C.Op->Where, R.Op->Where);
      Fd.ModelVerdict = std::move(V);
      Out.push_back(std::move(Fd));
    }
  }
}

} // namespace kharden

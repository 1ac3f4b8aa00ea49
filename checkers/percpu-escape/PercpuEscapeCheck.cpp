#include "checkers/percpu-escape/PercpuEscapeCheck.h"

#include "engine/ValueUses.h"

#include <set>

namespace kharden {

std::unique_ptr<Check> createPercpuEscapeCheck() {
  return std::make_unique<PercpuEscapeCheck>();
}

namespace {

/// The rules of the kernel model's `values` (checkers/data/kernel.yaml),
/// by what their values are. Which of them the check watches, besides the
/// per-CPU operations whose value is an address or a CPU number, and where
/// a use is stale, its `check-rules` say.
constexpr llvm::StringLiteral CpuNumberRule = "percpu-cpu-number",
                              PointerRule = "percpu-pointer",
                              BufferRule = "percpu-buffer",
                              ReleasedBufferRule = "percpu-buffer-released";

/// What a value is, which says what keeps it this CPU's.
enum class ValueKind {
  /// Right while the task cannot migrate: preemption off, or pinned.
  CpuNumber,
  /// This CPU's copy while preemption is off: after that the task may
  /// migrate, or another task on this CPU may use the same copy.
  Pointer,
  /// Held until the call that ends its region (put_callchain_entry());
  /// after it, this task's only while preemption stays off.
  Buffer,
  /// A buffer whose region already ended when the call returned it.
  ReleasedBuffer,
};

std::optional<ValueKind> kindOf(const Operation &Op) {
  if (Op.isPercpu())
    return Op.Access == PercpuAccess::CpuId     ? std::optional(ValueKind::CpuNumber)
           : Op.Access == PercpuAccess::Address ? std::optional(ValueKind::Pointer)
                                                : std::nullopt;
  if (Op.Rule == CpuNumberRule)
    return ValueKind::CpuNumber;
  if (Op.Rule == PointerRule)
    return ValueKind::Pointer;
  if (Op.Rule == BufferRule)
    return ValueKind::Buffer;
  if (Op.Rule == ReleasedBufferRule)
    return ValueKind::ReleasedBuffer;
  return std::nullopt;
}

llvm::StringRef kindName(ValueKind K) {
  switch (K) {
  case ValueKind::CpuNumber: return "cpu-number";
  case ValueKind::Pointer: return "pointer";
  case ValueKind::Buffer: return "buffer";
  case ValueKind::ReleasedBuffer: return "released-buffer";
  }
  llvm_unreachable("unknown value kind");
}

std::string operationText(const Operation &Op) {
  return "'" + Op.Name + "(" + Op.Variable + ")'";
}

/// Whether the use is one of the value itself: reaching its memory, or
/// (for a CPU number) anything it is used for. Comparing a pointer with
/// NULL, storing it away, returning it to no caller of the run is not.
bool counts(ValueKind K, const ValueUse &U) {
  switch (U.K) {
  case ValueUse::Kind::Deref:
  case ValueUse::Kind::Arg:
    return true;
  case ValueUse::Kind::Read:
    return K == ValueKind::CpuNumber;
  case ValueUse::Kind::Return:
  case ValueUse::Kind::Store:
    return false;
  }
  return false;
}

std::string message(ValueKind K, const Operation &Op) {
  std::string T = operationText(Op);
  switch (K) {
  case ValueKind::CpuNumber:
    return "CPU number from " + T + " used after the region that kept it "
           "right has ended, where preemption is enabled; the task may run "
           "on another CPU by now";
  case ValueKind::Pointer:
    return "per-CPU pointer from " + T + " used after the region that made "
           "it this CPU's has ended, where preemption is enabled; the task "
           "may have migrated, or another task on this CPU may use the same "
           "copy";
  case ValueKind::Buffer:
  case ValueKind::ReleasedBuffer:
    return "per-CPU buffer from " + T + " used after its region has ended, "
           "where preemption is enabled; another task on this CPU may take "
           "the same buffer";
  }
  llvm_unreachable("unknown value kind");
}

std::string madeMessage(ValueKind K, const Operation &Op) {
  std::string T = operationText(Op);
  switch (K) {
  case ValueKind::CpuNumber:
    return "CPU number read here by " + T;
  case ValueKind::Pointer:
    return "per-CPU pointer made here by " + T;
  case ValueKind::Buffer:
    return "per-CPU buffer taken here by " + T;
  case ValueKind::ReleasedBuffer:
    return "per-CPU buffer returned here by " + T +
           ", whose region has ended: only preemption off keeps it this "
           "task's";
  }
  llvm_unreachable("unknown value kind");
}

/// Where the code turned preemption or IRQs back on before the use: in the
/// function that holds the use (or passes the value down), else in one
/// that returned the value.
std::optional<Note> regionEnd(const ReachedUse &R) {
  auto In = [](const FunctionSummary &F,
               const ValueUse &At) -> std::optional<Note> {
    for (const RelState &S : At.States)
      for (int16_t Why : {S.WhyPreempt, S.WhyIrq})
        if (Why >= 0 && size_t(Why) < F.Notes.size())
          return F.Notes[Why];
    return std::nullopt;
  };
  size_t Down = ValueGraph::firstPassedDown(R);
  if (std::optional<Note> N =
          Down == R.Steps.size() ? In(*R.Function, *R.Use)
                                 : In(*R.Steps[Down].Function,
                                      *R.Steps[Down].Use))
    return N;
  for (const ValueStep &S : llvm::reverse(R.Steps))
    if (S.K == ValueStep::Returned)
      if (std::optional<Note> N = In(*S.Function, *S.Use))
        return N;
  return std::nullopt;
}

/// Whether a state of To holds less than one of From: a preempt-disable or
/// an IRQ-off released in between.
bool releasedBetween(llvm::ArrayRef<RelState> From,
                     llvm::ArrayRef<RelState> To) {
  for (const RelState &C : From)
    for (const RelState &U : To)
      if (U.PreemptDepth < C.PreemptDepth ||
          (C.Irq == IrqRel::Off && U.Irq != IrqRel::Off))
        return true;
  return false;
}

/// Whether the code on the value's way released the region it was made in:
/// in the function that made it, or in one it went through (from where the
/// value came in to where it went on). A region the function only found
/// (an `irqs_disabled()` branch) and did not release is not ended by a
/// caller's context that did not see it.
bool released(const Operation &Op, const ReachedUse &R) {
  static const RelState Entry;
  llvm::ArrayRef<RelState> From = Op.States;
  for (size_t I = 0;; ++I) {
    const ValueUse &Leaves = I < R.Steps.size() ? *R.Steps[I].Use : *R.Use;
    if (releasedBetween(From, Leaves.States))
      return true;
    if (I == R.Steps.size())
      return false;
    From = R.Steps[I].K == ValueStep::Returned
               ? llvm::ArrayRef<RelState>(R.Steps[I].Call->States)
               : llvm::ArrayRef<RelState>(Entry);
  }
}

/// The calling context in which R's use is stale (Stale) on every path
/// that reaches it, and its entry's explanation. Every path, not some: the
/// engine keeps no fact of which paths carry the value, and a path where
/// the region never held (a failed trylock) or where the value was set to
/// NULL reaches the use too.
std::optional<Explanation>
staleContext(const Program &P, const ReachedUse &R,
             llvm::function_ref<bool(const AbsState &)> Stale) {
  size_t Down = ValueGraph::firstPassedDown(R);
  bool Here = Down == R.Steps.size();
  const FunctionSummary &F = Here ? *R.Function : *R.Steps[Down].Function;
  const ValueUse &At = Here ? *R.Use : *R.Steps[Down].Use;
  for (const EntryContext &E : P.entries(F)) {
    std::optional<AbsState> First;
    bool All = true;
    for (const RelState &S : At.States) {
      if (!feasible(E.State, S, F.Tests))
        continue;
      AbsState A = compose(E.State, S);
      for (const AbsState &U :
           Here ? std::vector<AbsState>{A}
                : ValueGraph::contextsBelow(A, R, Down)) {
        First = First ? First : U;
        All &= Stale(U);
      }
    }
    if (First && All)
      return Explanation{*First, E.Why.toVector(), {}};
  }
  return std::nullopt;
}

} // namespace

// An operation's function and every function its value reaches holds a
// flow of it (engine/ValueUses.h); regionContext() reads the levels.
unsigned PercpuEscapeCheck::contextPartsRead(const KernelModel &M,
                                             const FunctionSummary &F) const {
  if (F.Values.empty())
    return 0;
  return partsTheRulesRead(M) | AbsState::part(AbsState::Levels);
}

void PercpuEscapeCheck::run(const Program &P, std::vector<Finding> &Out) const {
  ValueGraph Graph(P);
  for (const FunctionSummary &F : P.functions())
    for (const ValueFlow &Flow : F.Values) {
      if (Flow.Source != ValueFlow::From::Operation)
        continue;
      const Operation &Op = F.Ops[Flow.Index];
      std::vector<const CheckRule *> Rules = rulesFor(P.model(), Op);
      std::optional<ValueKind> K = kindOf(Op);
      if (Rules.empty() || !K)
        continue;
      // A use is stale where the check's rules (kernel.yaml check-rules)
      // say the value is wrong: preemptible, unless pinned for a CPU
      // number.
      auto Stale = [&](const AbsState &S) {
        return wrongIn(Rules, S, Op.Access).has_value();
      };
      // A CPU number or pointer is this CPU's only if made where preemption
      // is off in every calling context; where it may be on,
      // percpu-preemptible reports the operation itself.
      if ((*K == ValueKind::CpuNumber || *K == ValueKind::Pointer) &&
          P.regionContext(F, Op.States) != RegionContext::PreemptOff &&
          P.regionContext(F, Op.States) != RegionContext::IrqsOff)
        continue;
      // One finding per function the value reaches: its first stale use.
      std::set<std::string> Reported;
      Graph.uses(F, Flow, [&](const ReachedUse &R) {
        if (!reportsOn(*R.Function) || !counts(*K, *R.Use) ||
            Reported.count(R.Function->Key))
          return;
        SourcePoint Ended = R.endedAt();
        if (*K == ValueKind::Buffer && !Ended.valid())
          return; // still inside its region
        if ((*K == ValueKind::CpuNumber || *K == ValueKind::Pointer) &&
            !released(Op, R))
          return;
        std::optional<Explanation> Why = staleContext(P, R, Stale);
        if (!Why)
          return;
        Reported.insert(R.Function->Key);
        Finding Fd;
        Fd.Check = std::string(name());
        Fd.Where = R.Use->Where;
        Fd.Function = R.Function->name();
        Fd.Message = message(*K, Op);
        Fd.Variable = Op.Variable;
        Fd.Evidence = kindName(*K).str();
        Fd.Notes.push_back({Op.Where, madeMessage(*K, Op)});
        for (const ValueStep &S : R.Steps)
          Fd.Notes.push_back(
              {S.Use->Where,
               S.K == ValueStep::Returned
                   ? "returned here by '" + S.Function->name().str() + "()'"
                   : "passed here to '" + S.Use->Callee + "()'"});
        if (Ended.valid())
          Fd.Notes.push_back({Ended, "its region ended here"});
        std::optional<Note> End = regionEnd(R);
        if (End && !llvm::any_of(Why->Notes, [&](const Note &N) {
              return N.Where == End->Where;
            }))
          Fd.Notes.push_back(*End);
        Fd.Notes.insert(Fd.Notes.end(), Why->Notes.begin(), Why->Notes.end());
        Out.push_back(std::move(Fd));
      });
    }
}

} // namespace kharden

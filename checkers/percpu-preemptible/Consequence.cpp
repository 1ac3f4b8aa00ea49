#include "checkers/percpu-preemptible/Consequence.h"

#include "llvm/ADT/StringExtras.h"

namespace kharden {

namespace {

bool writes(const Operation &Op) {
  return Op.Access == PercpuAccess::Write ||
         Op.Access == PercpuAccess::ReadModifyWrite;
}

/// Two operations of one function in the same statement or macro
/// invocation. The engine records an operation at its macro's expansion in
/// the function's code: one line for both of choose_random_kstack_offset()'s
/// and of `raw_cpu_write(x, raw_cpu_read(x) + 1)`.
bool together(const SourcePoint &A, const SourcePoint &B) {
  return A.File == B.File && A.Line == B.Line;
}

/// A read written back together with it: one read-modify-write, as
/// choose_random_kstack_offset()'s.
bool writtenBackTogether(const FunctionSummary &F, const Operation &Read) {
  std::string Key = variableKey(Read.Variable);
  return llvm::any_of(F.Ops, [&](const Operation &W) {
    return W.isPercpu() && writes(W) && together(W.Where, Read.Where) &&
           variableKey(W.Variable) == Key;
  });
}

/// Whether Op may read its variable for a decision: a read whose value is
/// used, other than to write it back together; a read-modify-write whose
/// result is used (__this_cpu_dec_return()); a pointer, which may be read
/// through.
bool mayDecide(const FunctionSummary &F, const Operation &Op) {
  switch (Op.Access) {
  case PercpuAccess::Read:
    return Op.ValueUsed && !writtenBackTogether(F, Op);
  case PercpuAccess::ReadModifyWrite:
    return Op.ValueUsed;
  case PercpuAccess::Address:
    return true;
  case PercpuAccess::Write:
  case PercpuAccess::CpuId:
  case PercpuAccess::Safe:
    return false;
  }
  llvm_unreachable("unknown access");
}

bool before(const SourcePoint &A, const SourcePoint &B) {
  return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
}

} // namespace

void ConsequenceIndex::index(const FunctionSummary &F) {
  for (const Operation &Op : F.Ops) {
    if (!Op.isPercpu() || Op.Variable.empty())
      continue;
    std::string Key = variableKey(Op.Variable);
    if (writes(Op)) {
      Writes[Key].push_back({&F, &Op});
      const Primitive *P = Model ? Model->findPrimitive(Op.Name) : nullptr;
      if (P && P->Step != PercpuStep::None)
        (P->Step == PercpuStep::Up ? Stepped[Key].Up : Stepped[Key].Down) =
            true;
    }
    if (mayDecide(F, Op))
      DecisionReads.insert(variableRoot(Key));
  }
}

bool ConsequenceIndex::isDepth(llvm::StringRef Key) const {
  auto It = Stepped.find(Key);
  return It != Stepped.end() && It->second.Up && It->second.Down;
}

/// A write of Read's variable after Read in F, on another line (the
/// write-back of a handoff is usually right there), else one in another
/// function. A write earlier in F is not taken: that the next call's
/// write follows this read is the path's to say, not the order of lines.
const ConsequenceIndex::Access *
ConsequenceIndex::writeElsewhere(const FunctionSummary &F,
                                 const Operation &Read) const {
  auto It = Writes.find(variableKey(Read.Variable));
  if (It == Writes.end())
    return nullptr;
  const Access *Other = nullptr;
  for (const Access &W : It->second) {
    if (W.F != &F) {
      Other = Other ? Other : &W;
      continue;
    }
    if (!together(W.Op->Where, Read.Where) &&
        before(Read.Where, W.Op->Where))
      return &W;
  }
  return Other;
}

static std::string at(const PickEvidence &E) {
  return "'" + E.Callee + "' in '" + E.Function + "'";
}

std::optional<ConsequenceDecision>
ConsequenceIndex::decidePick(const FunctionSummary &F,
                             const Operation &Op) const {
  bool CpuNumber = Op.Access == PercpuAccess::CpuId;
  if (!Picks ||
      (Op.Access != PercpuAccess::Address && !CpuNumber && !Op.PointerValue))
    return std::nullopt;
  const ValueFlow *Flow = PickedObjects::flowOf(F, Op);
  if (!Flow)
    return std::nullopt;
  std::string What = CpuNumber         ? "the CPU number"
                     : Op.PointerValue ? "the pointer in '" + Op.Variable + "'"
                                       : "the per-CPU pointer";
  if (!CpuNumber)
    if (std::optional<PickEvidence> Lock = Picks->lockedBeforeChange(F, *Flow))
      return ConsequenceDecision{
          Consequence::CpuChoice,
          {{Op.Where, "cpu-choice: " + What + " only picks one CPU's object"},
           {Lock->Where,
            "the picked object's own lock is taken here by " + at(*Lock) +
                ", before anything changes the object: each CPU's object "
                "has its own lock, so another CPU's would do"}}};
  if (!CpuNumber)
    if (std::optional<PickEvidence> Update =
            Picks->changedOnlyAtomically(F, *Flow))
      return ConsequenceDecision{
          Consequence::CpuChoice,
          {{Op.Where, "cpu-choice: " + What + " only picks one CPU's object"},
           {Update->Where,
            "the picked object is changed only atomically, here by " +
                at(*Update) +
                ", and otherwise only read: a change from "
                "any CPU is safe, so another CPU's object would do"}}};
  if (!CpuNumber && Op.RetriedAt.valid() && Picks->onlyReadThrough(F, *Flow))
    return ConsequenceDecision{
        Consequence::CpuChoice,
        {{Op.Where, "cpu-choice: " + What + " is only read through"},
         {Op.RetriedAt,
          "a compare-and-exchange on this CPU's copy of '" + Op.Variable +
              "' follows, and where it fails the code goes back to before "
              "the pick: a task that moved picks again"}}};
  if (std::optional<PickEvidence> Owner = Picks->ownership(F, *Flow, CpuNumber)) {
    std::string Why =
        Owner->Callee.empty()
            ? "is stored here, in '" + Owner->Function +
                  "': the object keeps it as this CPU's"
            : "picks the per-CPU data of that CPU here, through " +
                  at(*Owner) + ": after a migration, another CPU's state";
    return ConsequenceDecision{
        Consequence::WrongCpuState,
        {{Op.Where, "wrong-cpu-state: " + What + " read here stands for this "
                    "CPU's state"},
         {Owner->Where, "it " + Why}}};
  }
  return std::nullopt;
}

std::optional<ConsequenceDecision>
ConsequenceIndex::decideHint(const FunctionSummary &F,
                             const Operation &Op) const {
  const ValueFlow *Flow = Picks ? PickedObjects::flowOf(F, Op) : nullptr;
  if (!Flow)
    return std::nullopt;
  std::optional<PickEvidence> Use = Picks->onlyNodePreference(F, *Flow);
  if (!Use)
    return std::nullopt;
  return ConsequenceDecision{
      Consequence::CpuChoice,
      {{Op.Where, "cpu-choice: the value read here is only a NUMA node to "
                  "prefer"},
       {Use->Where,
        "it is passed here to " + at(*Use) +
            " as the node to prefer, from which the allocation falls back "
            "to other nodes: another CPU's node would do"}}};
}

ConsequenceDecision ConsequenceIndex::decide(const FunctionSummary &F,
                                             const Operation &Op) const {
  // A pointer read is a pick only once it is not split-rmw (below).
  if (Op.Access != PercpuAccess::Read)
    if (std::optional<ConsequenceDecision> Pick = decidePick(F, Op))
      return *Pick;
  ConsequenceDecision D;
  if (Op.Variable.empty())
    return D;
  std::string Key = variableKey(Op.Variable);
  std::string Quoted = "'" + Op.Variable + "'";
  bool Together = Op.Access == PercpuAccess::Read && writtenBackTogether(F, Op);
  if (Op.Access == PercpuAccess::Read && Op.ValueUsed && !Together) {
    const Access *W = isDepth(Key) ? nullptr : writeElsewhere(F, Op);
    if (W) {
      D.Class = Consequence::SplitRmw;
      D.Evidence = {
          {Op.Where,
           "split-rmw: the value of " + Quoted + " read here is used"},
          {Op.Where, "the task may be preempted here, after the read and "
                     "before the write: preemption is enabled in the "
                     "calling context above"},
          {W->Op->Where, Quoted + " is written here by '" + W->Op->Name +
                             "' in '" + W->F->name().str() +
                             "': a task that ran in between may have used "
                             "the same value"}};
      return D;
    }
    // A pointer read, not handed on: it picks an object as a per-CPU
    // address does.
    if (Op.PointerValue)
      return decidePick(F, Op).value_or(D);
    return decideHint(F, Op).value_or(D);
  }
  bool Updates = (writes(Op) && !(Op.Access == PercpuAccess::ReadModifyWrite &&
                                  Op.ValueUsed)) ||
                 Together;
  if (Updates && !DecisionReads.contains(variableRoot(Key))) {
    D.Class = Consequence::LostUpdate;
    D.Evidence = {{Op.Where, "lost-update: nothing in the run reads '" +
                                 variableRoot(Key).str() +
                                 "' for a decision; an interleaving task can "
                                 "at worst lose this update"}};
  }
  return D;
}

} // namespace kharden

#include "engine/PickedObjects.h"

#include "llvm/ADT/StringExtras.h"

namespace kharden {

std::string variableKey(llvm::StringRef Variable) {
  std::string Key;
  for (char C : Variable)
    if (!llvm::isSpace(C))
      Key += C;
  llvm::StringRef K(Key);
  for (;;) {
    if (K.consume_front("&"))
      continue;
    // Parentheses around the whole of it, not "(a)->b" nor "(a)+(b)".
    if (K.starts_with("(") && K.ends_with(")")) {
      int Depth = 0;
      size_t Close = 0;
      for (size_t I = 0; I < K.size() && !Close; ++I)
        if (K[I] == '(')
          ++Depth;
        else if (K[I] == ')' && --Depth == 0)
          Close = I;
      if (Close == K.size() - 1) {
        K = K.drop_front().drop_back();
        continue;
      }
    }
    break;
  }
  return K.str();
}

llvm::StringRef variableRoot(llvm::StringRef Key) {
  llvm::StringRef Root = Key.take_until([](char C) {
    return C == '.' || C == '[' || C == '-' || C == '(';
  });
  return Root.empty() ? Key : Root;
}

bool partOf(llvm::StringRef Part, llvm::StringRef Whole) {
  if (!Part.consume_front(Whole))
    return false;
  return Part.empty() || Part.starts_with("->") || Part.starts_with(".") ||
         Part.starts_with("[");
}

namespace {

/// Where a use comes in the code's order along the value's way: the uses
/// that passed it on or returned it, then the use itself.
using Position = std::vector<SourcePoint>;

/// The position of R's use (Steps: R.Steps.size()), or of its step Steps-1.
Position positionOf(const ReachedUse &R, size_t Steps) {
  Position At;
  for (size_t I = 0; I < Steps && I < R.Steps.size(); ++I)
    At.push_back(R.Steps[I].Use->Where);
  if (Steps > R.Steps.size())
    At.push_back(R.Use->Where);
  return At;
}

PickEvidence evidence(const FunctionSummary &F, const ValueUse &U) {
  return {U.Where, F.name().str(), U.Callee};
}

/// The first use on R's way down that Is accepts: a call that passed the
/// value to a callee (spin_lock(), an inline function), or the use itself;
/// its step (R.Steps.size(): the use).
std::optional<size_t>
firstOnTheWay(const ReachedUse &R,
              llvm::function_ref<bool(const ValueUse &)> Is) {
  for (size_t I = 0; I <= R.Steps.size(); ++I) {
    bool Last = I == R.Steps.size();
    if ((Last || R.Steps[I].K == ValueStep::PassedTo) &&
        Is(Last ? *R.Use : *R.Steps[I].Use))
      return I;
  }
  return std::nullopt;
}

/// A load through the value, or a comparison of it.
bool readsOnly(const ValueUse &U) {
  return (U.K == ValueUse::Kind::Deref && U.Load) ||
         U.K == ValueUse::Kind::Read;
}

PickEvidence evidenceAt(const ReachedUse &R, size_t Step) {
  return Step == R.Steps.size()
             ? evidence(*R.Function, *R.Use)
             : evidence(*R.Steps[Step].Function, *R.Steps[Step].Use);
}

} // namespace

const ValueFlow *PickedObjects::flowOf(const FunctionSummary &F,
                                       const Operation &Op) {
  if (&Op < F.Ops.data() || &Op >= F.Ops.data() + F.Ops.size())
    return nullptr;
  uint32_t Index = uint32_t(&Op - F.Ops.data());
  for (const ValueFlow &V : F.Values)
    if (V.Source == ValueFlow::From::Operation && V.Index == Index)
      return &V;
  return nullptr;
}

std::optional<PickEvidence>
PickedObjects::lockedBeforeChange(const FunctionSummary &F,
                                  const ValueFlow &Flow) const {
  const KernelModel &M = P.model();
  // A lock inside the object (`spin_lock(&p->lock)`), or one the object
  // points to (`mutex_lock(p->mutex)`): either way the object names it.
  auto IsLock = [&](const ValueUse &U) {
    bool Passed = U.K == ValueUse::Kind::Arg ||
                  (U.K == ValueUse::Kind::Deref && U.Load);
    return Passed && U.Arg == 0 && M.isObjectLock(U.Callee);
  };
  std::optional<std::pair<Position, PickEvidence>> Lock;
  std::optional<Position> Change;
  auto Earliest = [](std::optional<Position> &Old, Position New) {
    if (!Old || New < *Old)
      Old = std::move(New);
  };
  Graph.uses(F, Flow, [&](const ReachedUse &R) {
    // A lock taken in a callee the value was passed to is at that call.
    if (std::optional<size_t> I = firstOnTheWay(R, IsLock)) {
      Position At = positionOf(R, *I + 1);
      if (!Lock || At < Lock->first)
        Lock.emplace(std::move(At), evidenceAt(R, *I));
      return;
    }
    const ValueUse &U = *R.Use;
    bool Changes = (U.K == ValueUse::Kind::Deref && !U.Load) ||
                   U.K == ValueUse::Kind::Arg ||
                   U.K == ValueUse::Kind::Return;
    if (Changes)
      Earliest(Change, positionOf(R, R.Steps.size() + 1));
  });
  if (!Lock || (Change && *Change < Lock->first))
    return std::nullopt;
  return Lock->second;
}

std::optional<PickEvidence> PickedObjects::firstOnEveryWay(
    const FunctionSummary &F, const ValueFlow &Flow,
    llvm::function_ref<bool(const ValueUse &)> Is,
    llvm::function_ref<bool(const ValueUse &)> Otherwise) const {
  bool Every = true;
  std::optional<std::pair<Position, PickEvidence>> First;
  Graph.uses(F, Flow, [&](const ReachedUse &R) {
    std::optional<size_t> I = firstOnTheWay(R, Is);
    if (!I) {
      Every &= Otherwise(*R.Use);
      return;
    }
    Position At = positionOf(R, *I + 1);
    if (!First || At < First->first)
      First.emplace(std::move(At), evidenceAt(R, *I));
  });
  if (!Every || !First)
    return std::nullopt;
  return First->second;
}

std::optional<PickEvidence>
PickedObjects::onlyNodePreference(const FunctionSummary &F,
                                  const ValueFlow &Flow) const {
  const KernelModel &M = P.model();
  return firstOnEveryWay(
      F, Flow,
      [&](const ValueUse &U) {
        return U.K == ValueUse::Kind::Arg &&
               M.isNodePreference(U.Callee, U.Arg);
      },
      [](const ValueUse &) { return false; });
}

std::optional<PickEvidence>
PickedObjects::changedOnlyAtomically(const FunctionSummary &F,
                                     const ValueFlow &Flow) const {
  const KernelModel &M = P.model();
  return firstOnEveryWay(
      F, Flow,
      [&](const ValueUse &U) {
        return U.K == ValueUse::Kind::Arg && M.isAtomicUpdate(U.Callee, U.Arg);
      },
      readsOnly);
}

bool PickedObjects::onlyReadThrough(const FunctionSummary &F,
                                    const ValueFlow &Flow) const {
  bool Only = true;
  Graph.uses(F, Flow, [&](const ReachedUse &R) { Only &= readsOnly(*R.Use); });
  return Only;
}

std::optional<PickEvidence> PickedObjects::ownership(const FunctionSummary &F,
                                                     const ValueFlow &Flow,
                                                     bool CpuNumber) const {
  const KernelModel &M = P.model();
  std::optional<std::pair<Position, PickEvidence>> First;
  Graph.uses(F, Flow, [&](const ReachedUse &R) {
    const ValueUse &U = *R.Use;
    bool Owns = U.K == ValueUse::Kind::Store ||
                (CpuNumber && U.K == ValueUse::Kind::Arg &&
                 M.isCpuIndexed(U.Callee));
    if (!Owns)
      return;
    Position At = positionOf(R, R.Steps.size() + 1);
    if (!First || At < First->first)
      First.emplace(std::move(At), evidence(*R.Function, U));
  });
  if (!First)
    return std::nullopt;
  return First->second;
}

} // namespace kharden

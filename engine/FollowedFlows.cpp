#include "engine/FollowedFlows.h"
#include "engine/Program.h"

#include "llvm/Support/xxhash.h"

namespace kharden {

FollowedFlows::Id FollowedFlows::idOf(llvm::StringRef Key) {
  auto [It, New] = Ids.try_emplace(Key, Id(Functions.size()));
  if (New)
    Functions.emplace_back();
  return It->second;
}

void FollowedFlows::add(const FunctionSummary &F) {
  Id Self = idOf(F.Key);
  if (Functions[Self].FirstKept != NoId)
    return;
  std::vector<Flow> Flows;
  Flows.reserve(F.Values.size());
  for (const ValueFlow &V : F.Values) {
    Flow &Out = Flows.emplace_back();
    Out.Source = V.Source;
    Out.Index = V.Index;
    if (V.Source == ValueFlow::From::Call && V.Index < F.Calls.size())
      Out.Callee = idOf(F.Calls[V.Index].CalleeKey);
    for (const ValueUse &U : V.Uses) {
      if (U.K == ValueUse::Kind::Arg && U.Call >= 0 &&
          size_t(U.Call) < F.Calls.size())
        Out.PassedTo.push_back({idOf(F.Calls[U.Call].CalleeKey), U.Arg});
      // A parameter's value returned is its caller's own.
      Out.Returned |= U.K == ValueUse::Kind::Return &&
                      V.Source != ValueFlow::From::Parameter;
    }
  }
  Function &Fn = Functions[Self]; // idOf() may have grown Functions
  Fn.Flows = std::move(Flows);
  Fn.FirstKept = uint32_t(Kept.size());
  Order.push_back(
      {llvm::xxh3_64bits(F.Key), Fn.FirstKept, uint32_t(Fn.Flows.size())});
  Kept.resize(Kept.size() + Fn.Flows.size(), false);
  Count.Flows += Fn.Flows.size();
}

void FollowedFlows::keep(Id F, uint32_t Flow) {
  if (!Kept[Functions[F].FirstKept + Flow]) {
    Kept[Functions[F].FirstKept + Flow] = true;
    ++Count.Kept;
    Work.push_back({F, Flow});
  }
}

void FollowedFlows::solve() {
  std::vector<std::vector<std::pair<Id, uint32_t>>> CallersOf(Functions.size());
  for (Id F = 0; F < Functions.size(); ++F)
    for (uint32_t J = 0; J < Functions[F].Flows.size(); ++J) {
      const Flow &V = Functions[F].Flows[J];
      if (V.Callee != NoId)
        CallersOf[V.Callee].push_back({F, J});
      if (V.Source == ValueFlow::From::Operation)
        keep(F, J);
    }
  while (!Work.empty()) {
    auto [F, J] = Work.back();
    Work.pop_back();
    const Flow &V = Functions[F].Flows[J];
    for (auto [Callee, Arg] : V.PassedTo) {
      // parameterFlow(): the callee's first flow of that parameter.
      const std::vector<Flow> &In = Functions[Callee].Flows;
      for (uint32_t K = 0; K < In.size(); ++K)
        if (In[K].Source == ValueFlow::From::Parameter && In[K].Index == Arg) {
          keep(Callee, K);
          break;
        }
    }
    if (V.Returned)
      for (auto [Caller, K] : CallersOf[F])
        keep(Caller, K);
  }
  // Only what to keep is left to read: the second pass holds the rest.
  Ids = {};
  std::vector<Function>().swap(Functions);
  std::vector<std::pair<Id, uint32_t>>().swap(Work);
  Order.shrink_to_fit();
}

void FollowedFlows::dropUnreached(FunctionSummary &F) {
  if (Next == Order.size())
    return;
  const Taken &T = Order[Next];
  if (T.Flows != F.Values.size() || T.KeyHash != llvm::xxh3_64bits(F.Key)) {
    Next = Order.size(); // not the units of add(): keep everything
    return;
  }
  ++Next;
  auto Keeps = [&](size_t J) { return Kept[T.FirstKept + J]; };
  size_t Left = 0;
  for (size_t J = 0; J < T.Flows; ++J)
    Left += Keeps(J);
  if (Left == T.Flows)
    return;
  // A new vector, not erase(): the dropped flows' room is given back.
  std::vector<ValueFlow> Followed;
  Followed.reserve(Left);
  for (size_t J = 0; J < T.Flows; ++J)
    if (Keeps(J))
      Followed.push_back(std::move(F.Values[J]));
  F.Values = std::move(Followed);
}

FollowedValues dropUnfollowedValues(Program &P) {
  FollowedFlows Flows;
  for (const FunctionSummary &F : P.Functions)
    Flows.add(F);
  Flows.solve();
  for (FunctionSummary &F : P.Functions)
    Flows.dropUnreached(F);
  return Flows.counts();
}

} // namespace kharden

#include "engine/CallTargets.h"

#include <cassert>

namespace kharden {

std::string parameterSlot(llvm::StringRef Function, unsigned Index) {
  return (ParameterSlotPrefix + Function + "#" + llvm::Twine(Index)).str();
}

llvm::StringRef functionNameOfKey(llvm::StringRef Key) {
  // "file@name", "image|name", "image|file@name"
  return Key.substr(Key.find_last_of("@|") + 1); // npos + 1 == 0
}

void CallTargets::add(const PointerFlow &F) {
  assert(!Solved && "CallTargets::add() after solve()");
  std::string Text = (F.To + "\x1f" + llvm::Twine(int(F.ToParam)) + "\x1f" +
                      llvm::Twine(unsigned(F.From)) + "\x1f" + F.Key)
                         .str();
  if (Seen.insert(Text).second)
    Pending.push_back(F);
}

unsigned CallTargets::slotId(llvm::StringRef Key) {
  auto [It, New] = SlotIds.try_emplace(Key, unsigned(Slots.size()));
  if (New) {
    Slots.emplace_back();
    SlotKeys.push_back(Key.str());
  }
  return It->second;
}

unsigned CallTargets::functionId(llvm::StringRef Key, const SourcePoint &Where,
                                 size_t Index) {
  auto [It, New] = FunctionIds.try_emplace(Key, unsigned(FunctionKeys.size()));
  if (New) {
    FunctionKeys.push_back(Key.str());
    FirstStore.push_back({Where, Index});
  }
  return It->second;
}

void CallTargets::addFunction(unsigned SlotId, unsigned Function) {
  if (Slots[SlotId].Has.insert(Function).second) {
    Slots[SlotId].Functions.push_back(Function);
    Work.push_back(SlotId);
  }
}

void CallTargets::setOpen(unsigned SlotId) {
  if (!Slots[SlotId].Open) {
    Slots[SlotId].Open = true;
    Work.push_back(SlotId);
  }
}

void CallTargets::addEdge(unsigned From, unsigned To) {
  Slots[From].Into.push_back(To);
  // What From has already passed on; the rest follows when it is passed.
  for (size_t I = 0; I < Slots[From].Sent; ++I)
    addFunction(To, Slots[From].Functions[I]);
  if (Slots[From].OpenSent)
    setOpen(To);
}

void CallTargets::passArgument(const ParamFlow &A, unsigned Target) {
  unsigned Param = slotId(parameterSlot(FunctionKeys[Target], A.Param));
  switch (A.From) {
  case PointerFlow::Source::Function:
    addFunction(Param, A.Source);
    break;
  case PointerFlow::Source::Slot:
    addEdge(A.Source, Param);
    break;
  case PointerFlow::Source::Unseen:
    setOpen(Param);
    break;
  }
}

void CallTargets::pass(unsigned S) {
  // Indices, not references: new slots may be added on the way.
  while (Slots[S].Sent < Slots[S].Functions.size()) {
    unsigned F = Slots[S].Functions[Slots[S].Sent++];
    for (size_t I = 0; I < Slots[S].Into.size(); ++I)
      addFunction(Slots[S].Into[I], F);
    for (size_t I = 0; I < Slots[S].Args.size(); ++I)
      passArgument(ParamFlow(Slots[S].Args[I]), F);
  }
  if (Slots[S].Open && !Slots[S].OpenSent) {
    Slots[S].OpenSent = true;
    for (size_t I = 0; I < Slots[S].Into.size(); ++I)
      setOpen(Slots[S].Into[I]);
  }
}

void CallTargets::solve() {
  for (const PointerFlow &F : Pending) {
    unsigned Source = 0;
    if (F.From == PointerFlow::Source::Function)
      Source = functionId(F.Key, F.Where, FlowCount);
    else if (F.From == PointerFlow::Source::Slot)
      Source = slotId(F.Key);
    ++FlowCount;
    unsigned To = slotId(F.To);
    if (F.ToParam >= 0) {
      ParamFlow A{unsigned(F.ToParam), F.From, Source};
      Slots[To].Args.push_back(A);
      for (size_t I = 0; I < Slots[To].Sent; ++I)
        passArgument(A, Slots[To].Functions[I]);
      continue;
    }
    switch (F.From) {
    case PointerFlow::Source::Function:
      addFunction(To, Source);
      break;
    case PointerFlow::Source::Slot:
      addEdge(Source, To);
      break;
    case PointerFlow::Source::Unseen:
      setOpen(To);
      break;
    }
  }
  while (!Work.empty()) {
    unsigned S = Work.back();
    Work.pop_back();
    pass(S);
  }
  // What only adding and solving need: on allmodconfig the sets of what
  // slots hold are a hundred MiB (issue 21).
  Seen = {};
  std::vector<PointerFlow>().swap(Pending);
  std::vector<unsigned>().swap(Work);
  for (struct Slot &S : Slots) {
    S.Has = {};
    S.Functions.shrink_to_fit();
    std::vector<unsigned>().swap(S.Into);
    std::vector<ParamFlow>().swap(S.Args);
  }
  Solved = true;
}

std::optional<CallTargets::Held> CallTargets::held(llvm::StringRef Slot) const {
  auto It = SlotIds.find(Slot);
  if (It == SlotIds.end())
    return std::nullopt;
  const struct Slot &S = Slots[It->second];
  return Held{S.Functions, S.Open};
}

void CallTargets::forEach(
    llvm::StringRef Prefix,
    llvm::function_ref<void(llvm::StringRef, Held)> Each) const {
  for (size_t I = 0; I < Slots.size(); ++I)
    if (llvm::StringRef(SlotKeys[I]).starts_with(Prefix))
      Each(SlotKeys[I], Held{Slots[I].Functions, Slots[I].Open});
}

} // namespace kharden

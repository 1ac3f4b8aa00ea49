#include "engine/Program.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include <deque>
#include <map>
#include <tuple>

namespace kharden {

/// A function entered preemptible because it sleeps on every path starts
/// its chain at that sleep; the sleep's own note, next, says it better.
static void dropRepeatedPlaces(std::vector<Note> &Notes) {
  for (size_t I = 0; I + 1 < Notes.size();)
    if (Notes[I].Where == Notes[I + 1].Where)
      Notes.erase(Notes.begin() + I);
    else
      ++I;
}

/// S's hash (without the parts in Forget) as a key of a DenseMap or
/// DenseSet: the top bit cleared keeps it from their reserved keys.
static size_t stateKey(const AbsState &S, unsigned Forget = 0) {
  return hashState(S, Forget) >> 1;
}

/// "'f' called here", "'f' called through 'struct ops.run'", or "'f'
/// called after 'g' returned" (CallSite::After, in g).
static std::string calledHere(const CallSite &C, const FunctionSummary &From,
                              const FunctionSummary &To) {
  if (C.After)
    return "'" + C.CalleeName.str() + "' called after '" + From.name().str() +
           "' returned";
  if (C.Through.empty())
    return "'" + C.CalleeName.str() + "' called here";
  return "'" + To.name().str() + "' called through '" + C.CalleeName.str() +
         "'";
}

std::vector<Note> NoteChain::toVector() const {
  std::vector<Note> Out;
  if (P)
    P->notesBackwards(*this, Out);
  std::reverse(Out.begin(), Out.end());
  dropRepeatedPlaces(Out);
  return Out;
}

void Program::notesBackwards(const NoteChain &Why,
                             std::vector<Note> &Out) const {
  // Each step is the caller's chain, the notes of the caller's own code on
  // the path to the call, then the call.
  for (NoteChain W = Why; W.P;) {
    if (W.Caller == NoteChain::Fact) {
      Out.push_back(FactNotes[W.Path]);
      return;
    }
    const FunctionSummary &F = Functions[W.Caller];
    const CallSite *C = F.Calls.data();
    size_t Path = W.Path;
    for (; Path >= C->States.size(); ++C)
      Path -= C->States.size();
    EntryContext CallerEntry =
        entry(W.Caller, Entries[W.Caller][W.CallerEntry]);
    Out.push_back({C->Where, calledHere(*C, F, Functions[W.To])});
    llvm::SmallVector<const Note *, 3> Local =
        localNotes(F, CallerEntry.State, C->States[Path]);
    for (const Note *N : llvm::reverse(Local))
      Out.push_back(*N);
    W = CallerEntry.Why;
  }
}

void Program::add(TUSummary TU,
                  llvm::function_ref<void(FunctionSummary &)> Joining) {
  for (FunctionSummary &F : TU.Functions) {
    if (ByKey.count(F.Key))
      continue;
    if (Joining)
      Joining(F);
    F.ForCallers = {}; // its file's callers have read it
    uint32_t I = Functions.size();
    Functions.push_back(std::move(F));
    ByKey.try_emplace(Functions[I].Key, I);
  }
  for (EntryHint &H : TU.Hints)
    Hints.push_back(std::move(H));
  llvm::append_range(Queueings, std::move(TU.Queueings));
  llvm::append_range(Allocations, std::move(TU.Allocations));
  for (const PointerFlow &F : TU.Flows)
    Pointers.add(F);
  Targets.push_back(TU.Target);
}

const FunctionSummary *Program::find(llvm::StringRef Key) const {
  auto It = ByKey.find(Key);
  return It == ByKey.end() ? nullptr : &Functions[It->second];
}

EntryContexts Program::entries(const FunctionSummary &F) const {
  uint32_t I = Functions.indexOf(F);
  return {*this, I, Entries[I]};
}

EntryContext EntryContexts::iterator::operator*() const {
  return P->entry(Function, *S);
}

EntryContext Program::entry(uint32_t Function,
                            const EntryContexts::Stored &S) const {
  NoteChain Why;
  if (S.Caller != Unexplained) {
    Why.P = this;
    Why.To = Function;
    Why.Caller = S.Caller;
    Why.CallerEntry = S.CallerEntry;
    Why.Path = S.Path;
  }
  bool FromCall = S.Caller < Unexplained;
  return {States[S.State], Why, FromCall};
}

Program::EntryStats Program::entryStats() const {
  EntryStats S;
  for (const std::vector<EntryContexts::Stored> &E : Entries)
    S.Contexts += E.size();
  S.States = States.size();
  S.Solved = Functions.size() - llvm::count(PartsKept, 0);
  S.FieldFactsBounded = llvm::count(FieldFactsBounded, true);
  S.Widened = llvm::count_if(
      Widened, [](const auto &Joined) { return Joined != nullptr; });
  return S;
}

void Program::boundFieldFacts(size_t Function, AbsState &S) {
  auto IsField = [](const ArgFact &F) { return !F.first.Field.empty(); };
  if (llvm::none_of(S.ArgBits, IsField))
    return;
  std::unique_ptr<llvm::DenseSet<size_t>> &Seen = FieldFactSets[Function];
  if (!Seen)
    Seen = std::make_unique<llvm::DenseSet<size_t>>();
  const unsigned AllButFields =
      AbsState::AllParts & ~AbsState::part(AbsState::FieldBits);
  size_t Hash = stateKey(S, AllButFields);
  if (Seen->contains(Hash))
    return;
  if (Seen->size() < MaxFieldFacts) {
    Seen->insert(Hash);
    return;
  }
  llvm::erase_if(S.ArgBits, IsField);
  FieldFactsBounded[Function] = true;
}

uint32_t Program::widenEntry(size_t Function, const AbsState &State) {
  AbsState W = State;
  W.ArgKnown = W.ArgTrue = 0;
  W.ArgBits.clear();
  std::unique_ptr<llvm::DenseMap<size_t, uint32_t>> &Joined = Widened[Function];
  if (!Joined)
    Joined = std::make_unique<llvm::DenseMap<size_t, uint32_t>>();
  size_t Class = stateKey(W, AbsState::part(AbsState::KindsPart));
  auto [It, New] = Joined->try_emplace(Class, NoState);
  if (!New) {
    AbsState Before = States[It->second];
    Before.Kinds = W.Kinds;
    if (Before == W) { // not another class of the same hash
      W.Kinds |= States[It->second].Kinds;
      if (W.Kinds == States[It->second].Kinds)
        return NoState;
    }
  }
  uint32_t Id = intern(W);
  (*Joined)[Class] = Id;
  return Id;
}

uint32_t Program::find(const AbsState &State) const {
  auto It = StateIds.find(stateKey(State));
  if (It == StateIds.end())
    return NoState;
  for (uint32_t I = It->second; I != NoState; I = SameHash[I])
    if (States[I] == State)
      return I;
  return NoState;
}

uint32_t Program::intern(const AbsState &State) {
  size_t Hash = stateKey(State);
  auto [It, First] = StateIds.try_emplace(Hash, uint32_t(States.size()));
  if (!First) {
    for (uint32_t I = It->second; I != NoState; I = SameHash[I])
      if (States[I] == State)
        return I;
    SameHash.push_back(It->second);
    It->second = uint32_t(States.size());
  } else {
    SameHash.push_back(NoState);
  }
  States.push_back(State);
  return States.size() - 1;
}

bool Program::addEntry(size_t Function, const AbsState &State,
                       EntryContexts::Stored Origin) {
  if (!PartsKept[Function])
    return false;
  std::vector<EntryContexts::Stored> &Known = Entries[Function];
  // A function that gathers many contexts (a hundred thousand for some of
  // slub's helpers on allmodconfig) gets an index, or the solve would be
  // quadratic in them; below a few hundred, searching them costs less than
  // the index's memory, about ten bytes a context (docs/benchmarks.md).
  const size_t MaxSearched = 512;
  std::unique_ptr<llvm::DenseSet<uint32_t>> &Index = EntryIndex[Function];
  if (!Index && Known.size() >= MaxSearched) {
    Index = std::make_unique<llvm::DenseSet<uint32_t>>();
    for (const EntryContexts::Stored &E : Known)
      Index->insert(E.State);
  }
  auto Has = [&](uint32_t State) {
    return Index ? Index->contains(State)
                 : llvm::any_of(Known, [&](const EntryContexts::Stored &E) {
                     return E.State == State;
                   });
  };
  if (pastBound(Function)) {
    // A context it already has needs no join.
    uint32_t Id = Origin.State == NoState ? find(State) : Origin.State;
    if ((Id != NoState && Has(Id)) ||
        (Origin.State = widenEntry(Function, State)) == NoState)
      return false;
  } else if (Origin.State == NoState) {
    Origin.State = intern(State);
  }
  if (Index ? !Index->insert(Origin.State).second : Has(Origin.State))
    return false;
  // Millions of these vectors: grown by a quarter, not doubled, their spare
  // room is about a tenth instead of a quarter or more, for a few more
  // copies as they grow.
  if (Known.size() == Known.capacity())
    Known.reserve(Known.size() + Known.size() / 4 + 1);
  Known.push_back(Origin);
  return true;
}

bool Program::addFactEntry(size_t Function, const AbsState &State, Note Why) {
  EntryContexts::Stored Origin;
  Origin.Caller = NoteChain::Fact;
  Origin.Path = FactNotes.size();
  FactNotes.push_back(std::move(Why));
  if (addKeptEntry(Function, State, Origin))
    return true;
  FactNotes.pop_back();
  return false;
}

llvm::SmallVector<const Note *, 3>
Program::localNotes(const FunctionSummary &F, const AbsState &Entry,
                    const RelState &R) {
  std::vector<int16_t> Ids;
  if (irqsDecidedLocally(Entry, R) && irqsTurnedOn(R.Irq) && R.WhyIrq >= 0)
    Ids.push_back(R.WhyIrq);
  if (preemptDecidedLocally(Entry, R) && R.WhyPreempt >= 0 &&
      !llvm::is_contained(Ids, R.WhyPreempt))
    Ids.push_back(R.WhyPreempt);
  // A kernel FPU/SIMD section this function opened, which its callees run in.
  if (R.SimdDepth > 0 && R.WhySimd >= 0 && !llvm::is_contained(Ids, R.WhySimd))
    Ids.push_back(R.WhySimd);
  // An RCU read-side section likewise.
  if (R.RcuDepth > 0 && R.WhyRcu >= 0 && !llvm::is_contained(Ids, R.WhyRcu))
    Ids.push_back(R.WhyRcu);
  // A hard IRQ or NMI section likewise.
  if ((R.SectionKind & AllKinds) && R.WhySection >= 0 &&
      !llvm::is_contained(Ids, R.WhySection))
    Ids.push_back(R.WhySection);
  llvm::SmallVector<const Note *, 3> Out;
  for (int16_t Id : Ids)
    Out.push_back(&F.Notes[Id]);
  llvm::stable_sort(Out, [](const Note *A, const Note *B) {
    return A->Where < B->Where;
  });
  return Out;
}

/// Adds X to the sorted V; false if it was there.
template <typename T> static bool insertSorted(std::vector<T> &V, T X) {
  auto It = llvm::lower_bound(V, X);
  if (It != V.end() && *It == X)
    return false;
  V.insert(It, std::move(X));
  return true;
}

/// Calls Each with every relative state of F an entry context is composed
/// with or tested against: its call sites', operations', stack-offset
/// sites', exits' and value uses'.
static void forEachState(const FunctionSummary &F,
                         llvm::function_ref<void(const RelState &)> Each) {
  for (const CallSite &C : F.Calls)
    llvm::for_each(C.States, Each);
  for (const Operation &Op : F.Ops)
    llvm::for_each(Op.States, Each);
  for (const StackOffsetSite &Site : F.Sites)
    llvm::for_each(Site.States, Each);
  llvm::for_each(F.ExitStates, Each);
  for (const ValueFlow &V : F.Values)
    for (const ValueUse &U : V.Uses)
      llvm::for_each(U.States, Each);
}

Program::FactsRead Program::factsRead(const FunctionSummary &F) {
  FactsRead Read;
  forEachState(F, [&](const RelState &R) {
    Read.Params |= R.ParamKnown;
    Read.Tests |= R.TestKnown;
  });
  return Read;
}

void Program::findBitArgs() {
  // Grown in place until nothing changes, then made flat: read for every
  // call of every entry context.
  std::vector<std::vector<ArgRef>> Found(Functions.size());
  ConstantParams.assign(Functions.size(), 0);
  auto Add = [&](size_t F, ArgRef A) {
    return insertSorted(Found[F], std::move(A));
  };
  // feasible() decides a test only on a path that found it one way: a test
  // no state of the function holds a fact on reads no bits of its caller's.
  // Nor does a constant the function's paths hold no fact on.
  for (size_t I = 0; I < Functions.size(); ++I) {
    FactsRead Read = factsRead(Functions[I]);
    ConstantParams[I] = Read.Params;
    const std::vector<ParamTest> &Tests = Functions[I].Tests;
    for (unsigned T = 0; T < Tests.size() && T < RelState::MaxTests; ++T)
      if (!Tests[T].relation() && // one argument's bits never decide one
          (Read.Tests & (1u << T)))
        Add(I, Tests[T].Arg);
  }
  // These are least fixed points of unions: the order they are computed
  // in does not change them. A slot's targets are read as one, their union
  // taken once a pass; target by target, the calls through a generic slot
  // (callers and targets both growing with a tree) were quadratic (issue 21).
  for (bool Changed = true; Changed;) {
    Changed = false;
    llvm::DenseMap<const Resolution *, std::vector<ArgRef>> SlotArgs;
    for (size_t I = 0; I < Functions.size(); ++I)
      for (const CallSite &C : Functions[I].Calls) {
        if (C.Passes->Forwarded.empty() && C.Passes->TransformedArgs.empty())
          continue;
        auto Pass = [&](llvm::ArrayRef<ArgRef> CalleeArgs) {
          for (auto [Arg, Param] : C.Passes->Forwarded)
            for (const ArgRef &A : CalleeArgs)
              if (A.Index == Arg)
                Changed |= Add(I, {Param, A.Field});
          for (const CallSite::Transformed &T : C.Passes->TransformedArgs)
            if (llvm::is_contained(CalleeArgs, ArgRef{T.Arg, ""}))
              Changed |= Add(I, {T.Param, ""});
        };
        if (const Resolution *Via = slotOf(C)) {
          auto [It, New] = SlotArgs.try_emplace(Via);
          if (New) {
            for (size_t To : Via->Functions)
              llvm::append_range(It->second, Found[To]);
            llvm::sort(It->second);
            It->second.erase(llvm::unique(It->second), It->second.end());
          }
          Pass(It->second);
        } else {
          forEachCallee(C, [&](size_t To) {
            std::vector<ArgRef> CalleeArgs = Found[To]; // may be I's
            Pass(CalleeArgs);
          });
        }
      }
  }
  // A constant matters where a path holds a fact on it, where a test reads
  // its bits (argBits() of a known zero), and where it is passed on
  // unchanged as a constant that matters to a callee (parameterValue()).
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const ArgRef &A : Found[I])
      if (A.Field.empty() && A.Index < RelState::MaxParams)
        ConstantParams[I] |= uint8_t(1u << A.Index);
  for (bool Changed = true; Changed;) {
    Changed = false;
    llvm::DenseMap<const Resolution *, uint8_t> SlotConstants;
    for (size_t I = 0; I < Functions.size(); ++I)
      for (const CallSite &C : Functions[I].Calls) {
        if (C.Passes->Forwarded.empty())
          continue;
        auto Pass = [&](uint8_t CalleeConstants) {
          for (auto [Arg, Param] : C.Passes->Forwarded)
            if (Arg < RelState::MaxParams && Param < RelState::MaxParams &&
                (CalleeConstants & (1u << Arg)) &&
                !(ConstantParams[I] & (1u << Param))) {
              ConstantParams[I] |= uint8_t(1u << Param);
              Changed = true;
            }
        };
        forEachCalleeBits<uint8_t>(C, ConstantParams, SlotConstants, Pass);
      }
  }
  BitArgs = FlatLists<ArgRef>(std::move(Found));
}

const Program::Resolution &Program::resolve(llvm::StringRef Slot) {
  auto [It, New] = Resolutions.try_emplace(Slot);
  Resolution &R = It->second;
  if (!New)
    return R;
  std::optional<CallTargets::Held> H = Pointers.held(Slot);
  if (!H || (H->Functions.empty() && !H->Open))
    return R; // Unstored
  if (H->Open) {
    R.K = Resolution::Open;
    return R;
  }
  R.K = H->Functions.size() > MaxTargets ? Resolution::Capped
                                         : Resolution::Resolved;
  for (unsigned Id : H->Functions)
    if (auto F = ByKey.find(Pointers.functionKey(Id)); F != ByKey.end())
      R.Functions.push_back(F->second);
  return R;
}

const Program::Resolution *Program::slotOf(const CallSite &C) const {
  if (C.Through.empty())
    return nullptr;
  auto It = Resolutions.find(C.Through);
  return It == Resolutions.end() ? nullptr : &It->second;
}

template <typename Bits>
void Program::forEachCalleeBits(const CallSite &C, const std::vector<Bits> &Of,
                                llvm::DenseMap<const Resolution *, Bits> &Slots,
                                llvm::function_ref<void(Bits)> Each) const {
  const Resolution *Via = slotOf(C);
  if (!Via) {
    forEachCallee(C, [&](size_t To) { Each(Of[To]); });
    return;
  }
  auto [It, New] = Slots.try_emplace(Via, 0);
  if (New)
    for (size_t To : Via->Functions)
      It->second |= Of[To];
  Each(It->second);
}

void Program::forEachCallee(const CallSite &C,
                            llvm::function_ref<void(size_t)> Each) const {
  if (C.Through.empty()) {
    if (auto It = ByKey.find(C.CalleeKey); It != ByKey.end())
      Each(It->second);
    return;
  }
  if (const Resolution *Via = slotOf(C))
    for (size_t To : Via->Functions)
      Each(To);
}

void Program::resolveCalls() {
  // A block registered on a chain the run cannot name may be on any.
  for (const FunctionSummary &F : Functions)
    for (const CallSite &C : F.Calls)
      if (llvm::StringRef(C.Passes->Chain).starts_with("chain:"))
        Pointers.add({C.Passes->Chain, -1, PointerFlow::Source::Slot,
                      AnyChainSlot.str(), C.Where});
  Pointers.solve();
  for (const FunctionSummary &F : Functions)
    for (const CallSite &C : F.Calls)
      if (!C.Through.empty())
        switch (resolve(C.Through).K) {
        case Resolution::Resolved:
          ++Indirect.Resolved;
          break;
        case Resolution::Capped:
          ++Indirect.Capped;
          break;
        case Resolution::Unstored:
          ++Indirect.Unstored;
          [[fallthrough]];
        case Resolution::Open:
          ++Indirect.Open;
          break;
        }
}

void Program::applyJoins() {
  for (FunctionSummary &F : Functions) {
    if (F.Joins.empty())
      continue;
    // Which way each join may go: through the file's targets only if the
    // run stores nothing else in the slot, elsewhere unless it stores only
    // them; a capped or open slot joins nothing.
    uint8_t Through = 0, Elsewhere = 0;
    for (size_t J = 0; J < F.Joins.size() && J < RelState::MaxJoins; ++J) {
      const TargetJoin &Join = F.Joins[J];
      bool Joined = resolve(Join.Slot).K == Resolution::Resolved;
      std::optional<CallTargets::Held> H = Pointers.held(Join.Slot);
      bool Complete =
          Joined && llvm::all_of(H->Functions, [&](unsigned Id) {
            return std::binary_search(Join.Targets.begin(), Join.Targets.end(),
                                      Pointers.functionKey(Id));
          });
      Through |= uint8_t(Joined) << J;
      Elsewhere |= uint8_t(!Complete) << J;
    }
    auto Cannot = [&](const RelState &S) {
      return (S.JoinKnown & S.JoinTrue & ~Through) ||
             (S.JoinKnown & ~S.JoinTrue & ~Elsewhere);
    };
    auto Keep = [&](StateList &L) {
      if (llvm::any_of(L, Cannot)) {
        std::vector<RelState> Can;
        llvm::copy_if(L, std::back_inserter(Can),
                      [&](const RelState &S) { return !Cannot(S); });
        L = Can;
      }
    };
    for (CallSite &C : F.Calls)
      Keep(C.States);
    for (Operation &Op : F.Ops)
      llvm::erase_if(Op.States, Cannot);
    for (StackOffsetSite &Site : F.Sites)
      llvm::erase_if(Site.States, Cannot);
    Keep(F.ExitStates);
  }
}

void Program::seedCallbacks(
    llvm::function_ref<void(size_t, const ContextSpec &, Note)> Seed) {
  llvm::StringMap<std::vector<std::pair<std::string, unsigned>>> Params;
  Pointers.forEach(
      ParameterSlotPrefix, [&](llvm::StringRef Key, CallTargets::Held) {
        auto [Function, Index] =
            Key.drop_front(ParameterSlotPrefix.size()).rsplit('#');
        unsigned I = 0;
        if (!Index.getAsInteger(10, I))
          Params[functionNameOfKey(Function)].push_back({Key.str(), I});
      });
  struct Found {
    size_t Order, Function;
    const Callback *C;
    unsigned Target;
  };
  std::vector<Found> All;
  auto Collect = [&](llvm::StringRef Slot, const Callback &C) {
    if (std::optional<CallTargets::Held> H = Pointers.held(Slot))
      for (unsigned Id : H->Functions)
        if (auto F = ByKey.find(Pointers.functionKey(Id)); F != ByKey.end())
          All.push_back({Pointers.storeIndex(Id), F->second, &C, Id});
  };
  for (const Callback &C : Model->callbacks()) {
    for (const std::string &Field : C.Fields)
      Collect("field:" + C.Struct + "." + Field, C);
    for (const std::string &Name : C.Names)
      if (auto It = Params.find(Name); It != Params.end())
        for (const auto &[Slot, Index] : It->second)
          if (llvm::is_contained(C.Arguments, Index))
            Collect(Slot, C);
  }
  // In the order of the stores, as the code registers them.
  llvm::stable_sort(
      All, [](const Found &A, const Found &B) { return A.Order < B.Order; });
  for (const Found &F : All)
    Seed(F.Function, F.C->Context,
         {Pointers.storedAt(F.Target),
          "'" + Functions[F.Function].name().str() + "' " + F.C->Reason});
}

std::optional<uint8_t> Program::throughParameter(const FunctionSummary &F,
                                                 const CallSite &C) const {
  llvm::StringRef Rest = C.Through;
  unsigned Param;
  if (!Rest.consume_front(ParameterSlotPrefix) || !Rest.consume_front(F.Key) ||
      !Rest.consume_front("#") || Rest.getAsInteger(10, Param) ||
      Param >= CallSite::MaxFunctionParams)
    return std::nullopt;
  return uint8_t(Param);
}

void Program::findFunctionParams() {
  static_assert(CallSite::MaxFunctionParams <= 16, "a bit per parameter");
  FunctionParams.assign(Functions.size(), 0);
  auto Add = [&](size_t F, uint8_t P) {
    uint16_t Bit = uint16_t(1u << P); // P < MaxFunctionParams
    if (FunctionParams[F] & Bit)
      return false;
    FunctionParams[F] |= Bit;
    return true;
  };
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const CallSite &C : Functions[I].Calls)
      if (std::optional<uint8_t> P = throughParameter(Functions[I], C))
        Add(I, *P);
  // A slot's targets read as one, as in findBitArgs().
  for (bool Changed = true; Changed;) {
    Changed = false;
    llvm::DenseMap<const Resolution *, uint16_t> SlotParams;
    for (size_t I = 0; I < Functions.size(); ++I)
      for (const CallSite &C : Functions[I].Calls) {
        if (C.Passes->FnForwarded.empty())
          continue;
        auto Pass = [&](uint16_t CalleeParams) {
          for (auto [Arg, Param] : C.Passes->FnForwarded)
            if (Param < CallSite::MaxFunctionParams &&
                Arg < CallSite::MaxFunctionParams && (CalleeParams >> Arg & 1))
              Changed |= Add(I, Param);
        };
        forEachCalleeBits<uint16_t>(C, FunctionParams, SlotParams, Pass);
      }
  }
}

bool Program::functionMatters(size_t F, uint8_t P) const {
  return P < CallSite::MaxFunctionParams && (FunctionParams[F] >> P & 1);
}

void Program::resolveCallSites() {
  ResolvedCalls.clear();
  CallBase.clear();
  Vias.clear();
  ChainVias.clear();
  ChainIds.clear();
  ArgSlotVias.clear();
  ArgSlotIds.clear();
  const std::string &Block = Model->notifierChains().Block;
  BlockVia = Block.empty() ? nullptr : &resolve("field:" + Block);
  // Sized once: a whole tree has millions of call sites, and a vector that
  // doubles holds up to twice them (issue 21).
  size_t Sites = 0;
  for (const FunctionSummary &F : Functions)
    Sites += F.Calls.size();
  ResolvedCalls.reserve(Sites);
  CallBase.reserve(Functions.size());
  for (const FunctionSummary &F : Functions) {
    CallBase.push_back(ResolvedCalls.size());
    for (const CallSite &C : F.Calls) {
      ResolvedCall &RC = ResolvedCalls.emplace_back();
      if (const std::string &Chain = C.Passes->Chain;
          !Chain.empty() &&
          ChainIds.try_emplace(Chain, ChainVias.size() + 1).second)
        ChainVias.push_back(&resolve(Chain));
      for (const auto &[Arg, Slot] : C.Passes->FnSlots)
        if (ArgSlotIds.try_emplace(Slot, ArgSlotVias.size()).second)
          ArgSlotVias.push_back(&resolve(Slot));
      if (C.Through.empty()) {
        if (auto It = ByKey.find(C.CalleeKey); It != ByKey.end())
          RC.Target = It->second;
        continue;
      }
      RC.Target = ResolvedCall::Through | Vias.size();
      Vias.push_back(&resolve(C.Through));
      if (std::optional<uint8_t> P = throughParameter(F, C))
        RC.Param = *P;
    }
  }
}

void Program::calleesAt(const ResolvedCall &RC, const AbsState &Entry,
                        llvm::SmallVectorImpl<size_t> &Out) const {
  // Through a parameter its caller passed a function as: that one.
  if (std::optional<uint32_t> Passed = passedFunction(RC.Param, Entry)) {
    if (*Passed != OutsideRun)
      Out.push_back(*Passed);
    return;
  }
  if (RC.Target == ResolvedCall::NoCallee)
    return;
  if (!(RC.Target & ResolvedCall::Through)) {
    Out.push_back(RC.Target);
    return;
  }
  // The kernel's dispatchers (kthread()'s threadfn, an irqaction's
  // thread_fn, which forced threading also sets to the hard handler) call
  // a function the way its registration says, and the kernel model states
  // that where it knows it: a call through a pointer adds no context to
  // those.
  for (size_t To : viaAt(RC, Entry)->Functions)
    if (!Modelled[To])
      Out.push_back(To);
}

const Program::Resolution *Program::viaAt(const ResolvedCall &RC,
                                          const AbsState &Entry) const {
  return viaAt(Vias[RC.Target & ~ResolvedCall::Through], RC.Param, Entry);
}

const Program::Resolution *Program::viaAt(const Resolution *Via, int Param,
                                          const AbsState &Entry) const {
  // Through a parameter its caller read from a slot: what the slot holds
  // (open, so is the parameter).
  if (const Resolution *Slot =
          Param >= 0 ? argSlot(Entry.fnArg(Param).value_or(OutsideRun))
                     : nullptr)
    return Slot;
  if (Via != BlockVia || !Entry.Chain)
    return Via;
  // Below a call of one chain: that chain's blocks, unless something the
  // run cannot see went on it.
  const Resolution *Chain = ChainVias[Entry.Chain - 1];
  return Chain->K == Resolution::Open ? Via : Chain;
}

const Program::Resolution *Program::cappedVia(const ResolvedCall &RC,
                                              const AbsState &Entry) const {
  if (RC.Target == ResolvedCall::NoCallee ||
      !(RC.Target & ResolvedCall::Through) || passedFunction(RC.Param, Entry))
    return nullptr;
  const Resolution *Via = viaAt(RC, Entry);
  return Via->K == Resolution::Capped ? Via : nullptr;
}

llvm::ArrayRef<size_t> Program::argSlotFunctions(llvm::StringRef Slot) const {
  return ArgSlotVias[ArgSlotIds.lookup(Slot)]->Functions;
}

std::optional<uint32_t> Program::passedFunction(int Param,
                                                const AbsState &Entry) const {
  std::optional<uint32_t> Passed =
      Param >= 0 ? Entry.fnArg(Param) : std::nullopt;
  return Passed && !argSlot(*Passed) ? Passed : std::nullopt;
}

Program::GenericTargets &Program::genericTargets(const Resolution &Via) {
  auto [It, New] = Generic.try_emplace(&Via);
  GenericTargets &G = It->second;
  if (!New)
    return G;
  // What calleeEntry() and keepParts() read of the callee.
  using Reads = std::tuple<uint16_t, uint8_t, uint16_t, std::vector<ArgRef>>;
  std::map<Reads, uint32_t> Groups;
  for (size_t To : Via.Functions) {
    if (Modelled[To] || !PartsKept[To]) // as calleesAt(), propagate()
      continue;
    llvm::ArrayRef<ArgRef> Bits = BitArgs[To];
    auto [Group, Added] = Groups.try_emplace(
        Reads{PartsKept[To], ConstantParams[To], FunctionParams[To],
              std::vector<ArgRef>(Bits.begin(), Bits.end())},
        G.First.size());
    if (Added) {
      G.First.push_back(G.Members.size());
      G.Given.emplace_back();
    }
    G.GroupOf.push_back(Group->second);
    G.Members.push_back(To);
  }
  return G;
}

void Program::propagateGeneric(size_t I, size_t E, const AbsState &Entry,
                               uint32_t FirstPath, const CallSite &C,
                               const Resolution &Via,
                               std::deque<size_t> &Work) {
  GenericTargets &G = genericTargets(Via);
  const FunctionSummary &F = Functions[I];
  llvm::SmallVector<uint32_t, 8> StateOf(G.First.size());
  llvm::SmallVector<bool, 8> New(G.First.size());
  uint32_t Path = FirstPath;
  for (const RelState &R : C.States) {
    ++Path;
    if (G.Members.empty() || !feasible(Entry, R, F.Tests))
      continue;
    bool Any = false;
    for (size_t Group = 0; Group < G.First.size(); ++Group) {
      size_t To = G.Members[G.First[Group]];
      AbsState Callee = calleeEntry(Entry, R, C, To, F.Tests);
      // A generic hook calls each of its many targets in its context only
      // if it calls it at all, which its type does not say: what is off
      // stays off for any target it calls, what is on may be another
      // caller's.
      if (Callee.Preempt == Level::On)
        Callee.Preempt = Level::Unknown;
      if (Callee.Irqs == Level::On)
        Callee.Irqs = Level::Unknown;
      // The group's members take one state: its first's field facts bound it.
      keepFor(To, Callee);
      StateOf[Group] = intern(Callee);
      New[Group] = G.Given[Group].insert(StateOf[Group]).second;
      Any |= New[Group];
    }
    if (!Any)
      continue;
    // In the slot's order, as every target's own order of contexts and the
    // work list's order were before the groups.
    for (size_t M = 0; M < G.Members.size(); ++M)
      if (uint32_t Group = G.GroupOf[M]; New[Group])
        if (addEntry(G.Members[M], States[StateOf[Group]],
                     {StateOf[Group], uint32_t(I), uint32_t(E), Path - 1}))
          Work.push_back(G.Members[M]);
  }
}

bool Program::bitsMatter(size_t F, const ArgRef &A) const {
  llvm::ArrayRef<ArgRef> Args = BitArgs[F];
  return std::binary_search(Args.begin(), Args.end(), A);
}

/// A function that sleeps on every path, holding nothing it did not enter
/// with, is entered where sleeping is allowed: preemptible. The note names
/// the first sleep of its first exit.
static std::optional<Note> sleepsOnEveryPath(const FunctionSummary &F) {
  if (F.ExitStates.empty() ||
      !llvm::all_of(F.ExitStates,
                    [](const RelState &S) { return S.SleptUnheld; }))
    return std::nullopt;
  int16_t Id = F.ExitStates.front().WhyPreempt;
  SourcePoint Where = Id >= 0 && size_t(Id) < F.Notes.size()
                          ? F.Notes[Id].Where
                          : F.Where;
  return Note{Where, "'" + F.name().str() +
                         "' may sleep on every path, first here, "
                         "holding nothing: it is entered preemptible"};
}

/// KHARDEN_DEBUG_SLOT=key: what the run stores in one slot.
void Program::dumpSlot(llvm::StringRef Slot) const {
  std::optional<CallTargets::Held> H = Pointers.held(Slot);
  llvm::errs() << "slot " << Slot << ": ";
  if (!H) {
    llvm::errs() << "nothing stored\n";
    return;
  }
  llvm::errs() << H->Functions.size() << " functions"
               << (H->Open ? ", open" : "")
               << (H->Functions.size() > MaxTargets ? ", capped" : "") << "\n";
  for (unsigned Id : H->Functions) {
    const SourcePoint &At = Pointers.storedAt(Id);
    llvm::errs() << "    " << Pointers.functionKey(Id) << " (stored at "
                 << At.File.str() << ":" << At.Line << ")\n";
  }
}

CallerGraph Program::callers() const {
  // A slot called through (resolve()d) that holds functions is a node.
  llvm::DenseMap<const Resolution *, uint32_t> SlotNode;
  std::vector<const Resolution *> Slots;
  uint32_t N = Functions.size();
  for (const auto &Slot : Resolutions)
    if (!Slot.second.Functions.empty()) {
      SlotNode[&Slot.second] = N + Slots.size();
      Slots.push_back(&Slot.second);
    }
  return CallerGraph(N, N + Slots.size(), [&](CallerGraph::Edge Each) {
    for (uint32_t I = 0; I < N; ++I)
      for (const CallSite &C : Functions[I].Calls) {
        if (C.Through.empty()) {
          if (auto It = ByKey.find(C.CalleeKey); It != ByKey.end())
            Each(It->second, I);
          continue;
        }
        if (const Resolution *Via = slotOf(C))
          if (auto Node = SlotNode.find(Via); Node != SlotNode.end())
            Each(Node->second, I);
      }
    for (uint32_t S = 0; S < Slots.size(); ++S)
      for (size_t To : Slots[S]->Functions)
        Each(To, N + S);
  });
}

void Program::findPartsKept(ContextDemand Reads) {
  PartsKept.assign(Functions.size(), Reads ? 0 : AbsState::AllParts);
  if (!Reads)
    return;
  std::deque<size_t> Work;
  std::vector<size_t> Passed; // every function passed as an argument
  for (size_t I = 0; I < Functions.size(); ++I) {
    if ((PartsKept[I] = partsComposedFrom(Reads(Functions[I]))))
      Work.push_back(I);
    for (const CallSite &C : Functions[I].Calls) {
      for (const auto &[Arg, Key] : C.Passes->FnArgs)
        if (auto It = ByKey.find(Key); It != ByKey.end())
          Passed.push_back(It->second);
      for (const auto &[Arg, Slot] : C.Passes->FnSlots)
        llvm::append_range(Passed, argSlotFunctions(Slot));
    }
  }
  llvm::sort(Passed);
  Passed.erase(std::unique(Passed.begin(), Passed.end()), Passed.end());
  // Per function and parameter, what the functions its callers pass there
  // need: a call through the parameter reaches them, which no call site's
  // callees say (AbsState::FnArgs).
  // Only for the functions something is passed to (a few in a hundred).
  using ParamParts = std::array<uint16_t, CallSite::MaxFunctionParams>;
  llvm::DenseMap<uint32_t, ParamParts> PassedIn;
  CallerGraph Callers = callers();
  std::vector<uint16_t> SlotParts(Callers.size() - Functions.size());
  auto PartsOf = [&](uint32_t Node) -> uint16_t & {
    return Callers.isFunction(Node) ? PartsKept[Node]
                                    : SlotParts[Node - Functions.size()];
  };
  for (bool Changed = true; Changed;) {
    while (!Work.empty()) {
      uint32_t Node = Work.front();
      Work.pop_front();
      for (uint32_t Caller : Callers.callers(Node))
        if (PartsOf(Node) & ~PartsOf(Caller)) {
          PartsOf(Caller) |= PartsOf(Node);
          Work.push_back(Caller);
        }
    }
    Changed = false;
    for (size_t I = 0; I < Functions.size(); ++I) {
      const ResolvedCall *RC = &ResolvedCalls[CallBase[I]];
      for (const CallSite &C : Functions[I].Calls) {
        int8_t Through = (RC++)->Param;
        if (uint16_t In = Through >= 0 ? PassedIn.lookup(I)[Through] : 0;
            In & ~PartsKept[I]) {
          PartsKept[I] |= In;
          Work.push_back(I);
        }
        if (C.Passes->FnArgs.empty() && C.Passes->FnForwarded.empty() &&
            C.Passes->FnSlots.empty())
          continue;
        auto Pass = [&](size_t To) {
          auto Add = [&](uint8_t Arg, uint16_t Parts) {
            if (Arg >= CallSite::MaxFunctionParams || !Parts)
              return;
            if (uint16_t &Known = PassedIn[To][Arg]; Parts & ~Known) {
              Known |= Parts;
              Changed = true;
            }
          };
          for (const auto &[Arg, Key] : C.Passes->FnArgs)
            if (auto It = ByKey.find(Key); It != ByKey.end())
              Add(Arg, PartsKept[It->second]);
          for (const auto &[Arg, Slot] : C.Passes->FnSlots)
            for (size_t F : argSlotFunctions(Slot))
              Add(Arg, PartsKept[F]);
          for (auto [Arg, Param] : C.Passes->FnForwarded)
            if (Param < CallSite::MaxFunctionParams)
              Add(Arg, PassedIn.lookup(I)[Param]);
        };
        forEachCallee(C, Pass);
        if (Through >= 0) // to whatever the caller passed
          llvm::for_each(Passed, Pass);
      }
    }
    Changed |= !Work.empty();
  }
  // A call through the notifier chains' block field reaches the chain its
  // function was called to walk: the chain's call names it, the direct
  // calls between pass it on (calleeEntry()), and only those keep it.
  constexpr uint16_t Chain = AbsState::part(AbsState::ChainPart);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Functions.size(); ++I) {
      if (!PartsKept[I] || (PartsKept[I] & Chain))
        continue;
      const ResolvedCall *RC = &ResolvedCalls[CallBase[I]];
      for (const CallSite &C : Functions[I].Calls) {
        uint32_t T = (RC++)->Target;
        bool Walks = T != ResolvedCall::NoCallee &&
                     ((T & ResolvedCall::Through)
                          ? Vias[T & ~ResolvedCall::Through] == BlockVia
                          : C.Passes->Chain.empty() && (PartsKept[T] & Chain));
        if (Walks) {
          PartsKept[I] |= Chain;
          Changed = true;
          break;
        }
      }
    }
  }
}

void Program::solve(ContextDemand Reads) {
  resolveCalls();
  if (const char *Slot = std::getenv("KHARDEN_DEBUG_SLOT"))
    dumpSlot(Slot);
  applyJoins();
  findBitArgs();
  findFunctionParams();
  resolveCallSites();
  findPartsKept(Reads);
  Entries.assign(Functions.size(), {});
  Generic.clear();
  EntryIndex.clear();
  EntryIndex.resize(Functions.size());
  FieldFactSets.clear();
  FieldFactSets.resize(Functions.size());
  FieldFactsBounded.assign(Functions.size(), false);
  Widened.clear();
  Widened.resize(Functions.size());
  States.clear();
  StateIds.clear();
  SameHash.clear();
  Propagated.assign(Functions.size(), 0);
  std::deque<size_t> Work;
  Modelled.assign(Functions.size(), false);
  auto Seed = [&](size_t I, const ContextSpec &Spec, Note Why) {
    Modelled[I] = true;
    if (addFactEntry(I, AbsState::fromSpec(Spec), std::move(Why)))
      Work.push_back(I);
  };
  for (size_t I = 0; I < Functions.size(); ++I)
    if (const EntryPoint *EP = Model->findEntryPoint(Functions[I].name()))
      Seed(I, EP->Context,
           {Functions[I].Where,
            "'" + Functions[I].name().str() + "' " + EP->Reason});
  seedCallbacks(Seed);
  for (const EntryHint &H : Hints) {
    auto It = ByKey.find(H.FunctionKey);
    if (It == ByKey.end())
      continue;
    const WorkQueueing *Q =
        H.WorkItem.empty() ? nullptr : unboundQueueing(H.WorkItem);
    if (!Q) {
      Seed(It->second, H.Context, H.Why);
      continue;
    }
    ContextSpec Migrates = H.Context;
    Migrates.Migration = Switch::On;
    Seed(It->second, Migrates,
         {Q->Where, "'" + H.FunctionName + "' is a work item queued here on "
                    "the unbound workqueue '" + Q->Queue +
                    "': it runs preemptible and may migrate"});
  }
  propagate(Work);
  // Whatever no fact and no caller reaches may be entered in a context
  // nothing tells us about; its own evidence (a may-sleep call, an IRQ
  // enable) can still decide points, for it and its callees. Roots first, so
  // that a function whose callers all get a context only gets theirs; then
  // whatever only a cycle of unreached functions calls.
  std::vector<bool> Called(Functions.size());
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const CallSite &C : Functions[I].Calls)
      forEachCallee(C, [&](size_t To) {
        if (To != I) // calling itself keeps a root
          Called[To] = true;
      });
  Unreached.assign(Functions.size(), false);
  for (bool Roots : {true, false}) {
    for (size_t I = 0; I < Functions.size(); ++I) {
      if (!Entries[I].empty() || (Roots && Called[I]) || !PartsKept[I])
        continue;
      // Entered preemptible by its own evidence, not by the kernel model:
      // not Modelled.
      std::optional<Note> Sleeps = sleepsOnEveryPath(Functions[I]);
      if (Sleeps ? addFactEntry(I, AbsState::fromSpec({Switch::On, Switch::On}),
                                std::move(*Sleeps))
                 : addKeptEntry(I, AbsState{}, {0, Unexplained}))
        Work.push_back(I);
      Unreached[I] = !Sleeps;
    }
    propagate(Work);
  }
  // Nothing adds entry contexts after this: the checks and the report
  // that follow reuse the spare room.
  for (std::vector<EntryContexts::Stored> &E : Entries)
    E.shrink_to_fit();
  EntryIndex.clear();
  EntryIndex.shrink_to_fit();
  FieldFactSets.clear();
  FieldFactSets.shrink_to_fit();
  // Not `= {}`, which keeps the capacity.
  std::vector<ResolvedCall>().swap(ResolvedCalls);
  std::vector<uint32_t>().swap(CallBase);
  std::vector<const Resolution *>().swap(Vias);
  Generic.shrink_and_clear();
  if (const char *Top = std::getenv("KHARDEN_DEBUG_ENTRY_COUNTS"))
    dumpEntryBreakdown(std::atoi(Top));
  if (const char *Name = std::getenv("KHARDEN_DEBUG_ENTRIES"))
    for (size_t I = 0; I < Functions.size(); ++I)
      if (Functions[I].name() == Name)
        for (const EntryContext &E : entries(Functions[I])) {
          llvm::errs() << "entry " << Name << ": " << describe(E.State)
                       << " args " << unsigned(E.State.ArgKnown) << "/"
                       << unsigned(E.State.ArgTrue);
          for (const auto &[A, B] : E.State.ArgBits)
            llvm::errs() << " arg" << unsigned(A.Index)
                         << (A.Field.empty() ? "" : "->" + A.Field.str()) << " "
                         << describe(B);
          for (const auto &[P, F] : E.State.FnArgs)
            llvm::errs() << " arg" << unsigned(P) << " "
                         << (F == OutsideRun ? "(outside the run)"
                             : argSlot(F)    ? "(a slot's)"
                                             : Functions[F].name());
          llvm::errs() << "\n";
          for (const Note &N : E.Why.toVector())
            llvm::errs() << "    " << N.Where.File.str() << ":" << N.Where.Line
                         << " " << N.Message.str() << "\n";
        }
}

AbsState Program::calleeEntry(const AbsState &Entry, const RelState &R,
                              const CallSite &C, size_t To,
                              llvm::ArrayRef<ParamTest> CallerTests) const {
  AbsState Callee = compose(Entry, R);
  Callee.ArgKnown = C.ArgKnown;
  Callee.ArgTrue = C.ArgTrue;
  for (auto [Arg, Param] : C.Passes->Forwarded) {
    // What the caller's caller passed, fields included; what the call site
    // itself knows (below) overrides it.
    for (const auto &[A, B] : Entry.ArgBits)
      if (A.Index == Param && !A.Field.empty() &&
          bitsMatter(To, {Arg, A.Field}))
        Callee.setArg({Arg, A.Field}, B);
    if (KnownBits B = Entry.argBits({Param, ""});
        !B.unknown() && bitsMatter(To, {Arg, ""})) {
      Callee.setArg({Arg, ""}, B);
    } else if (std::optional<bool> V = parameterValue(Entry, R, Param)) {
      Callee.ArgKnown |= uint8_t(1u << Arg);
      Callee.ArgTrue |= uint8_t(unsigned(*V) << Arg);
    }
  }
  // A parameter passed on that the path tested (`if
  // (!HPageVmemmapOptimized(page))` before `__update_and_free_page(h,
  // page)`): the callee's own test of the same bits comes out the same way.
  // Tests are of the caller's entry values; Forwarded says the caller never
  // assigns the parameter, and a store to the field before the call is in
  // ArgBits (below), which overrides this. A store the caller does not show
  // (inline assembly, a callee in another file) is not seen: the bet
  // FieldStores makes.
  for (unsigned I = 0; I < CallerTests.size() && I < RelState::MaxTests; ++I) {
    std::optional<bool> Holds = R.fact(RelState::FirstTestSlot + I);
    KnownBits Known = Holds ? CallerTests[I].knownWhen(*Holds) : KnownBits{};
    if (Known.unknown())
      continue;
    for (auto [Arg, Param] : C.Passes->Forwarded) {
      ArgRef A{Arg, CallerTests[I].Arg.Field};
      if (Param != CallerTests[I].Arg.Index || !bitsMatter(To, A))
        continue;
      KnownBits Both = Callee.argBits(A).meet(Known);
      if (!(Both.Zero & Both.One))
        Callee.setArg(A, Both);
    }
  }
  for (const auto &[A, Bits] : C.ArgBits)
    if (bitsMatter(To, A))
      Callee.setArg(A, Bits);
  // A local lent by address, whose truth the path knew at the call. The
  // call lends it only to a callee whose test reads all of it (ValueSlots):
  // a true one has no bit beyond the widest type the callee reads it as
  // (`bool *locked`'s `if (*locked)`, 8 bits).
  for (auto [Arg, Slot] : C.Passes->Lent)
    if (std::optional<bool> V = R.fact(Slot);
        V && bitsMatter(To, {Arg, ArgRef::Pointee})) {
      KnownBits Bits = KnownBits::constant(0);
      if (*V) {
        Bits = KnownBits::nonZero();
        uint64_t Width = 0;
        for (const ParamTest &T : Functions[To].Tests)
          if (T.pointeeTruth() && T.Arg.Index == Arg &&
              llvm::isMask_64(T.Mask) && T.Mask >= 0xff)
            Width = std::max(Width, T.Mask);
        Bits.Zero = Width ? ~Width : 0;
      }
      Callee.setArg({Arg, ArgRef::Pointee}, Bits);
    }
  // A parameter the caller changed before the call: what it kept of its
  // own caller's bits, with what it forced (in ArgBits already).
  for (const CallSite::Transformed &T : C.Passes->TransformedArgs) {
    KnownBits In = Entry.argBits({T.Param, ""});
    if (In.unknown())
      if (std::optional<bool> V = parameterValue(Entry, R, T.Param))
        In = *V ? KnownBits::nonZero() : KnownBits::constant(0);
    if (KnownBits Out = T.Bits.apply(In);
        !In.unknown() && bitsMatter(To, {T.Arg, ""}))
      Callee.setArg({T.Arg, ""}, Out);
  }
  for (const auto &[Arg, Key] : C.Passes->FnArgs)
    if (functionMatters(To, Arg)) {
      auto It = ByKey.find(Key);
      Callee.setFnArg(Arg, It == ByKey.end() ? OutsideRun : It->second);
    }
  for (const auto &[Arg, Slot] : C.Passes->FnSlots)
    if (functionMatters(To, Arg))
      Callee.setFnArg(Arg, SlotArg | ArgSlotIds.lookup(Slot));
  for (auto [Arg, Param] : C.Passes->FnForwarded)
    if (std::optional<uint32_t> F = Entry.fnArg(Param);
        F && functionMatters(To, Arg))
      Callee.setFnArg(Arg, *F);
  // A chain's call names it; the calls below by direct calls walk it; a
  // call through a pointer leaves it.
  if (!C.Passes->Chain.empty())
    Callee.Chain = ChainIds.lookup(C.Passes->Chain);
  else if (C.Through.empty())
    Callee.Chain = Entry.Chain;
  // Constants the callee's paths never read would only tell contexts apart.
  Callee.ArgKnown &= ConstantParams[To];
  Callee.ArgTrue &= ConstantParams[To];
  return Callee;
}

void Program::propagate(std::deque<size_t> &Work) {
  // Per path to a callee, the callee and state the entry context before
  // gave: the same again adds nothing, and comparing costs less than
  // interning (a third of the states computed for x86_64 defconfig's
  // kernel/ mm/ arch/x86/ repeat the one before).
  std::vector<std::pair<size_t, uint32_t>> Last;
  while (!Work.empty()) {
    size_t I = Work.front();
    Work.pop_front();
    const FunctionSummary &F = Functions[I];
    Last.clear();
    for (size_t E = Propagated[I]; E < Entries[I].size(); ++E) {
      // Not copied: States may grow below, but a deque keeps its elements.
      const AbsState &Entry = States[Entries[I][E].State];
      uint32_t Path = 0; // counts the paths of F's call sites, as NoteChain
      size_t Slot = 0;   // counts the (path, callee) pairs, for Last
      const ResolvedCall *RC = &ResolvedCalls[CallBase[I]];
      for (const CallSite &C : F.Calls) {
        const ResolvedCall &Call = *RC++;
        if (const Resolution *Via = cappedVia(Call, Entry)) {
          propagateGeneric(I, E, Entry, Path, C, *Via, Work);
          Path += C.States.size();
          continue;
        }
        llvm::SmallVector<size_t, 4> Callees;
        calleesAt(Call, Entry, Callees);
        // What no check reads below would be computed to be thrown away.
        llvm::erase_if(Callees, [&](size_t To) { return !PartsKept[To]; });
        if (Callees.empty()) {
          Path += C.States.size();
          continue;
        }
        for (const RelState &R : C.States) {
          ++Path;
          if (!feasible(Entry, R, F.Tests)) {
            Slot += Callees.size();
            continue;
          }
          for (size_t To : Callees) {
            AbsState Callee = calleeEntry(Entry, R, C, To, F.Tests);
            keepFor(To, Callee);
            if (Slot >= Last.size())
              Last.resize(Slot + 1, {SIZE_MAX, NoState});
            auto &[LastTo, LastState] = Last[Slot++];
            if (LastTo == To && LastState != NoState &&
                States[LastState] == Callee)
              continue;
            // Past the bound, addEntry() looks the state up itself.
            EntryContexts::Stored Origin{pastBound(To) ? NoState
                                                       : intern(Callee),
                                         uint32_t(I), uint32_t(E), Path - 1};
            LastTo = To;
            LastState = Origin.State;
            if (addEntry(To, Callee, Origin))
              Work.push_back(To);
          }
        }
      }
    }
    Propagated[I] = Entries[I].size();
  }
}

const Note *Program::regionOpener(const FunctionSummary &F,
                                  const RelState &R) {
  if (R.Region == RelState::InheritedRegion || R.Region == RelState::OpenRegion ||
      size_t(R.Region - 1) >= F.Notes.size())
    return nullptr;
  return &F.Notes[R.Region - 1];
}

llvm::StringRef contextName(RegionContext C) {
  switch (C) {
  case RegionContext::Preemptible: return "preemptible";
  case RegionContext::PreemptOff: return "preempt-off";
  case RegionContext::IrqsOff: return "irqs-off";
  case RegionContext::Unknown: break;
  }
  return "unknown";
}

static bool atomic(const AbsState &S) {
  return S.Preempt == Level::Off || S.Irqs == Level::Off;
}

RegionContext Program::regionContext(const FunctionSummary &F,
                                     llvm::ArrayRef<RelState> States) const {
  bool AllIrqsOff = true, AllAtomic = true, Any = false;
  for (const EntryContext &E : entries(F))
    for (const RelState &R : States) {
      if (!feasible(E.State, R, F.Tests))
        continue;
      AbsState S = compose(E.State, R);
      Any = true;
      if (S.preemptible())
        return RegionContext::Preemptible;
      AllIrqsOff &= S.Irqs == Level::Off;
      AllAtomic &= atomic(S);
    }
  if (!Any || !AllAtomic)
    return RegionContext::Unknown;
  return AllIrqsOff ? RegionContext::IrqsOff : RegionContext::PreemptOff;
}

const WorkQueueing *Program::unboundQueueing(const StorageName &Work) const {
  const Workqueues &Model = this->Model->workqueues();
  for (const WorkQueueing &Q : Queueings) {
    if (Q.Work != Work)
      continue;
    if (llvm::is_contained(Model.Unbound, Q.Queue))
      return &Q;
    for (const QueueAllocation &A : Allocations)
      if (A.Queue == Q.Queue && A.Unbound.value_or(false))
        return &Q;
  }
  return nullptr;
}

std::vector<const FunctionSummary *>
Program::unreachedCallers(const FunctionSummary &F) const {
  CallerGraph Callers = callers();
  std::vector<const FunctionSummary *> Out;
  std::vector<bool> Seen(Functions.size());
  std::deque<size_t> Work{Functions.indexOf(F)};
  Seen[Work.front()] = true;
  while (!Work.empty()) {
    size_t I = Work.front();
    Work.pop_front();
    if (Unreached[I])
      Out.push_back(&Functions[I]);
    for (uint32_t Caller : Callers.callingFunctions(I))
      if (!Seen[Caller]) {
        Seen[Caller] = true;
        Work.push_back(Caller);
      }
  }
  return Out;
}

bool Program::enteredAtomic(const FunctionSummary &F) const {
  return llvm::all_of(entries(F),
                      [](const EntryContext &E) { return atomic(E.State); });
}

bool Program::targetsOf(const CallSite &C,
                        llvm::SmallVectorImpl<size_t> &Out) const {
  forEachCallee(C, [&](size_t To) { Out.push_back(To); });
  const Resolution *Via = slotOf(C);
  return Via && Via->K == Resolution::Capped;
}

bool Program::targetsAt(const FunctionSummary &F, const CallSite &C,
                        const AbsState &Entry,
                        llvm::SmallVectorImpl<size_t> &Out) const {
  const Resolution *Via = slotOf(C);
  if (!Via)
    return targetsOf(C, Out);
  std::optional<uint8_t> P = throughParameter(F, C);
  int Param = P ? int(*P) : -1;
  if (std::optional<uint32_t> Passed = passedFunction(Param, Entry)) {
    if (*Passed != OutsideRun)
      Out.push_back(*Passed);
    return false;
  }
  const Resolution *At = viaAt(Via, Param, Entry);
  llvm::append_range(Out, At->Functions);
  return At->K == Resolution::Capped || (At == Via && isParameterSlot(C));
}

bool Program::narrowable(const CallSite &C) const {
  const Resolution *Via = slotOf(C);
  return Via && (Via == BlockVia || isParameterSlot(C));
}

bool Program::walksChain(const CallSite &C, const AbsState &Entry) const {
  const Resolution *Via = slotOf(C);
  return Via == BlockVia && viaAt(Via, -1, Entry) != Via;
}

bool Program::isParameterSlot(const CallSite &C) {
  return llvm::StringRef(C.Through.str()).starts_with(ParameterSlotPrefix);
}

std::optional<Explanation>
Program::findContext(const FunctionSummary &F, llvm::ArrayRef<RelState> States,
                     llvm::function_ref<bool(const AbsState &)> Pred) const {
  for (const EntryContext &Entry : entries(F))
    for (const RelState &R : States) {
      if (!feasible(Entry.State, R, F.Tests))
        continue;
      AbsState S = compose(Entry.State, R);
      if (!Pred(S))
        continue;
      Explanation X{S, Entry.Why.toVector(), R};
      for (const Note *N : localNotes(F, Entry.State, R))
        X.Notes.push_back(*N);
      dropRepeatedPlaces(X.Notes);
      return X;
    }
  return std::nullopt;
}

} // namespace kharden

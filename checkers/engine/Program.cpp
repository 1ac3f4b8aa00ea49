#include "checkers/engine/Program.h"

#include <cstdlib>

#include <deque>

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

std::vector<Note> NoteChain::toVector() const {
  std::vector<Note> Out;
  for (const Node *N = Last.get(); N; N = N->Prev.get())
    Out.push_back(N->Item);
  std::reverse(Out.begin(), Out.end());
  dropRepeatedPlaces(Out);
  return Out;
}

void Program::add(TUSummary TU) {
  for (FunctionSummary &F : TU.Functions) {
    if (ByKey.count(F.Key))
      continue;
    ByKey[F.Key] = Functions.size();
    Functions.push_back(std::move(F));
  }
  for (EntryHint &H : TU.Hints)
    Hints.push_back(std::move(H));
  llvm::append_range(Queueings, std::move(TU.Queueings));
  llvm::append_range(Allocations, std::move(TU.Allocations));
  Targets.push_back(TU.Target);
}

const FunctionSummary *Program::find(llvm::StringRef Key) const {
  auto It = ByKey.find(Key);
  return It == ByKey.end() ? nullptr : &Functions[It->second];
}

const std::vector<EntryContext> &
Program::entries(const FunctionSummary &F) const {
  return Entries[&F - Functions.data()];
}

bool Program::addEntry(size_t Function, EntryContext Ctx) {
  std::vector<EntryContext> &Known = Entries[Function];
  for (const EntryContext &E : Known)
    if (E.State == Ctx.State)
      return false;
  Known.push_back(std::move(Ctx));
  return true;
}

std::vector<Note> Program::localNotes(const FunctionSummary &F,
                                      const AbsState &Entry,
                                      const RelState &R) const {
  std::vector<int16_t> Ids;
  if (irqsDecidedLocally(R) && R.Irq == IrqRel::On && R.WhyIrq >= 0)
    Ids.push_back(R.WhyIrq);
  if (preemptDecidedLocally(Entry, R) && R.WhyPreempt >= 0 &&
      !llvm::is_contained(Ids, R.WhyPreempt))
    Ids.push_back(R.WhyPreempt);
  std::vector<Note> Out;
  for (int16_t Id : Ids)
    Out.push_back(F.Notes[Id]);
  llvm::sort(Out, [](const Note &A, const Note &B) { return A.Where < B.Where; });
  return Out;
}

void Program::findBitArgs() {
  BitArgs.assign(Functions.size(), {});
  auto Add = [&](size_t F, ArgRef A) {
    auto It = llvm::lower_bound(BitArgs[F], A);
    if (It != BitArgs[F].end() && *It == A)
      return false;
    BitArgs[F].insert(It, std::move(A));
    return true;
  };
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const ParamTest &T : Functions[I].Tests)
      Add(I, T.Arg);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I < Functions.size(); ++I)
      for (const CallSite &C : Functions[I].Calls) {
        auto It = ByKey.find(C.CalleeKey);
        if (It == ByKey.end() || C.Forwarded.empty() ||
            BitArgs[It->second].empty())
          continue;
        std::vector<ArgRef> CalleeArgs = BitArgs[It->second]; // may be I's
        for (auto [Arg, Param] : C.Forwarded)
          for (const ArgRef &A : CalleeArgs)
            if (A.Index == Arg)
              Changed |= Add(I, {Param, A.Field});
      }
  }
}

bool Program::bitsMatter(size_t F, const ArgRef &A) const {
  return std::binary_search(BitArgs[F].begin(), BitArgs[F].end(), A);
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
  return Note{Where, "'" + F.Name + "' may sleep on every path, first here, "
                     "holding nothing: it is entered preemptible"};
}

void Program::solve() {
  findBitArgs();
  Entries.assign(Functions.size(), {});
  Propagated.assign(Functions.size(), 0);
  std::deque<size_t> Work;
  auto Seed = [&](size_t I, const ContextSpec &Spec, Note Why) {
    if (addEntry(I, {AbsState::fromSpec(Spec), NoteChain{}.plus(std::move(Why))}))
      Work.push_back(I);
  };
  for (size_t I = 0; I < Functions.size(); ++I)
    if (const EntryPoint *EP = Model->findEntryPoint(Functions[I].Name))
      Seed(I, EP->Context,
           {Functions[I].Where, "'" + Functions[I].Name + "' " + EP->Reason});
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
      if (auto It = ByKey.find(C.CalleeKey);
          It != ByKey.end() && It->second != I) // calling itself keeps a root
        Called[It->second] = true;
  Unreached.assign(Functions.size(), false);
  for (bool Roots : {true, false}) {
    for (size_t I = 0; I < Functions.size(); ++I) {
      if (!Entries[I].empty() || (Roots && Called[I]))
        continue;
      std::optional<Note> Sleeps = sleepsOnEveryPath(Functions[I]);
      if (Sleeps)
        Seed(I, ContextSpec{Switch::On, Switch::On}, std::move(*Sleeps));
      else if (addEntry(I, {AbsState{}, NoteChain{}}))
        Work.push_back(I);
      Unreached[I] = !Sleeps;
    }
    propagate(Work);
  }
  if (const char *Name = std::getenv("KHARDEN_DEBUG_ENTRIES"))
    for (size_t I = 0; I < Functions.size(); ++I)
      if (Functions[I].Name == Name)
        for (const EntryContext &E : Entries[I]) {
          llvm::errs() << "entry " << Name << ": " << describe(E.State)
                       << " args " << unsigned(E.State.ArgKnown) << "/"
                       << unsigned(E.State.ArgTrue);
          for (const auto &[A, B] : E.State.ArgBits)
            llvm::errs() << " arg" << unsigned(A.Index)
                         << (A.Field.empty() ? "" : "->" + A.Field) << " "
                         << describe(B);
          llvm::errs() << "\n";
          for (const Note &N : E.Why.toVector())
            llvm::errs() << "    " << N.Where.File << ":" << N.Where.Line
                         << " " << N.Message << "\n";
        }
}

void Program::propagate(std::deque<size_t> &Work) {
  while (!Work.empty()) {
    size_t I = Work.front();
    Work.pop_front();
    const FunctionSummary &F = Functions[I];
    for (size_t E = Propagated[I]; E < Entries[I].size(); ++E) {
      EntryContext Entry = Entries[I][E]; // copy: Entries may grow below
      for (const CallSite &C : F.Calls) {
        auto It = ByKey.find(C.CalleeKey);
        if (It == ByKey.end())
          continue;
        for (const RelState &R : C.States) {
          if (!feasible(Entry.State, R, F.Tests))
            continue;
          AbsState Callee = compose(Entry.State, R);
          Callee.ArgKnown = C.ArgKnown;
          Callee.ArgTrue = C.ArgTrue;
          size_t To = It->second;
          for (auto [Arg, Param] : C.Forwarded) {
            // What the caller's caller passed, fields included; what the
            // call site itself knows (below) overrides it.
            for (const auto &[A, B] : Entry.State.ArgBits)
              if (A.Index == Param && !A.Field.empty() &&
                  bitsMatter(To, {Arg, A.Field}))
                Callee.setArg({Arg, A.Field}, B);
            if (KnownBits B = Entry.State.argBits({Param, ""});
                !B.unknown() && bitsMatter(To, {Arg, ""})) {
              Callee.setArg({Arg, ""}, B);
            } else if (std::optional<bool> V =
                           parameterValue(Entry.State, R, Param)) {
              Callee.ArgKnown |= uint8_t(1u << Arg);
              Callee.ArgTrue |= uint8_t(unsigned(*V) << Arg);
            }
          }
          for (const auto &[A, Bits] : C.ArgBits)
            if (bitsMatter(To, A))
              Callee.setArg(A, Bits);
          NoteChain Why = Entry.Why;
          for (Note &N : localNotes(F, Entry.State, R))
            Why = Why.plus(std::move(N));
          Why = Why.plus({C.Where, "'" + C.CalleeName + "' called here"});
          if (addEntry(It->second, {Callee, std::move(Why)}))
            Work.push_back(It->second);
        }
      }
    }
    Propagated[I] = Entries[I].size();
  }
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
  std::vector<std::vector<size_t>> Callers(Functions.size());
  for (size_t I = 0; I < Functions.size(); ++I)
    for (const CallSite &C : Functions[I].Calls)
      if (auto It = ByKey.find(C.CalleeKey); It != ByKey.end())
        Callers[It->second].push_back(I);
  std::vector<const FunctionSummary *> Out;
  std::vector<bool> Seen(Functions.size());
  std::deque<size_t> Work{size_t(&F - Functions.data())};
  Seen[Work.front()] = true;
  while (!Work.empty()) {
    size_t I = Work.front();
    Work.pop_front();
    if (Unreached[I])
      Out.push_back(&Functions[I]);
    for (size_t Caller : Callers[I])
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
      Explanation X{S, Entry.Why.toVector()};
      for (Note &N : localNotes(F, Entry.State, R))
        X.Notes.push_back(std::move(N));
      dropRepeatedPlaces(X.Notes);
      return X;
    }
  return std::nullopt;
}

} // namespace kharden

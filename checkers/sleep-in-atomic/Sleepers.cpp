#include "checkers/sleep-in-atomic/Sleepers.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace kharden {

Sleepers::Sleepers(const Program &P,
                   std::function<bool(const Operation &)> IsSleep,
                   bool Possible)
    : P(P), IsSleep(std::move(IsSleep)), Possible(Possible) {
  solveUnconditional();
}

bool Sleepers::sleepsFreely(const RelState &R) {
  // In the context the function was entered in: a path that enabled IRQs,
  // or released what its caller held (spin_unlock(); schedule();
  // spin_lock(), el0_svc()'s local_daif_restore()), or took the
  // interrupted context's IRQs (an arm64 synchronous exception handler's
  // local_daif_inherit()), sleeps in a context of its own making, not its
  // caller's.
  bool CallersContext = !irqsOwnState(R.Irq) && R.PreemptDepth == 0 &&
                        R.BhDepth == 0 && R.RcuDepth == 0 &&
                        R.UnmatchedRestores == 0;
  return CallersContext && !R.locallyAtomic() && R.SimdDepth <= 0 &&
         !(R.SectionKind & AllKinds) && (R.KindMask & KindTask);
}

// The kernel's might_fault() returns at once where pagefault_disabled()
// (mm/memory.c, 6.1 and 6.12), and a user access there fails instead of
// sleeping, whoever disabled page faults: copy_fpstate_to_sigframe() calls
// copy_fpregs_to_sigframe(), whose user_insn() says might_fault(), between
// pagefault_disable() and pagefault_enable().
bool Sleepers::failsInstead(const Operation &Op, const RelState &R,
                            int FaultsOff) {
  return Op.Rule == rules::MayFault && faultsOffAt(FaultsOff, R) > 0;
}

int Sleepers::faultsOffAt(int FaultsOff, const RelState &R) {
  // A depth clamped below RelState::MinDepth is "this many or fewer": no
  // count of the callers' disables is known to outweigh it.
  if (R.PagefaultDepth < RelState::MinDepth || FaultsOff < RelState::MinDepth)
    return RelState::MinDepth - 1;
  return std::clamp(FaultsOff + R.PagefaultDepth, RelState::MinDepth - 1, 64);
}

template <typename Pred>
const RelState *Sleepers::firstRun(llvm::ArrayRef<RelState> States,
                                   Pred &&P) const {
  for (bool OneState : {false, true})
    for (const RelState &R : States)
      if ((R.WhyObjectState >= 0) == OneState && countsFor(R, Possible) && P(R))
        return &R;
  return nullptr;
}

bool Sleepers::sleepingOp(const Operation &Op, const RelState &R,
                          int FaultsOff) const {
  // Where the function turned the kernel's sleep checks off, its sleeps
  // are no caller's concern: the kernel does not warn of them.
  return sleepsFreely(R) && !sleepChecksOff(AbsState(), R) &&
         !failsInstead(Op, R, FaultsOff);
}

llvm::SmallVector<size_t, 4> Sleepers::callees(const FunctionSummary &F,
                                               const CallSite &C,
                                               const AbsState &Entry,
                                               size_t *ChoiceOf) const {
  llvm::SmallVector<size_t, 4> Out;
  // A generic hook may call any of its many targets, or none: that one of
  // them sleeps says nothing of the hook's callers. Nor does a function
  // some caller passes as a parameter (kref_put()'s release) for the
  // callers that pass another: the context says which it passed, or
  // nothing is known.
  // Nor, unless Possible, does a call whose pointer may hold one of
  // several: which an object holds (a socket's protocol, a stopper's
  // function) is state no caller's code shows. A notifier chain's walk
  // calls every block on the chain: no choice.
  bool Hook = P.targetsAt(F, C, Entry, Out);
  bool Choice = isChoice(C, Out.size()) && !P.walksChain(C, Entry);
  if (Hook || (!Possible && Choice))
    Out.clear();
  if (ChoiceOf)
    *ChoiceOf = Choice ? Out.size() : 0;
  // A function the kernel documents as callable in atomic context
  // (put_task_struct()) sleeps, if at all, only on paths its contract rules
  // out for such callers: a task's last reference dropped under a runqueue
  // lock frees its credentials through call_rcu(), which the engine cannot
  // tell from their synchronous free.
  llvm::erase_if(Out, [&](size_t To) {
    return P.model().isAtomicSafe(P.functions()[To].name());
  });
  return Out;
}

const SleepWitness *Sleepers::keep(SleepWitness W) {
  Store.push_back(W);
  return &Store.back();
}

void Sleepers::solveUnconditional() {
  const FunctionTable &Fs = P.functions();
  Unconditional.assign(Fs.size(), nullptr);
  // Callers[G]: the calls that may enter G while holding nothing atomic,
  // and whether they do in every context.
  struct Caller {
    size_t F;
    int Call;
    bool Always;
    size_t ChoiceOf = 0;
    int16_t ObjectState = -1;
  };
  std::vector<std::vector<Caller>> Callers(Fs.size());
  // Work: the functions that sleep themselves with nothing known; Decided:
  // those that may, for callers that pass the values that make them.
  std::deque<size_t> Work, Decided;
  const AbsState AnyContext;
  for (size_t I = 0; I < Fs.size(); ++I) {
    const FunctionSummary &F = Fs[I];
    for (size_t O = 0; O < F.Ops.size() && !Unconditional[I]; ++O) {
      if (!IsSleep(F.Ops[O]))
        continue;
      const RelState *R = firstRun(F.Ops[O].States, [&](const RelState &R) {
        return sleepingOp(F.Ops[O], R, 0);
      });
      if (!R)
        continue;
      if (F.Ops[O].DecidedBy >= 0) {
        Decided.push_back(I);
        continue;
      }
      Unconditional[I] =
          keep({I, int(O), -1, 0, nullptr, 0, R->WhyObjectState});
      Work.push_back(I);
    }
    for (size_t C = 0; C < F.Calls.size(); ++C) {
      const CallSite &Call = F.Calls[C];
      const RelState *R =
          Call.After ? nullptr : firstRun(Call.States, sleepsFreely);
      if (!R)
        continue;
      size_t ChoiceOf = 0;
      llvm::SmallVector<size_t, 4> Always =
          callees(F, Call, AnyContext, &ChoiceOf);
      for (size_t To : Always)
        Callers[To].push_back({I, int(C), true, ChoiceOf, R->WhyObjectState});
      llvm::SmallVector<size_t, 4> Some;
      if (P.narrowable(Call))
        P.targetsOf(Call, Some);
      for (size_t To : Some)
        if (!llvm::is_contained(Always, To))
          Callers[To].push_back({I, int(C), false});
    }
  }
  // From the functions that sleep themselves up to their callers, as far
  // as Enters says a call makes its caller sleep too.
  auto Spread = [&](std::deque<size_t> Work, auto &&Enters) {
    while (!Work.empty()) {
      size_t G = Work.front();
      Work.pop_front();
      for (const Caller &C : Callers[G])
        if (Enters(C, G))
          Work.push_back(C.F);
    }
  };
  MaySleep.assign(Fs.size(), false);
  for (size_t G : Work)
    MaySleep[G] = true;
  Spread(Work, [&](const Caller &C, size_t G) {
    if (!C.Always || Unconditional[C.F])
      return false;
    Unconditional[C.F] =
        keep({C.F, -1, C.Call, G, Unconditional[G], C.ChoiceOf, C.ObjectState});
    return true;
  });
  for (size_t G : Decided)
    if (!MaySleep[G]) {
      MaySleep[G] = true;
      Work.push_back(G);
    }
  Spread(std::move(Work), [&](const Caller &C, size_t) {
    if (MaySleep[C.F])
      return false;
    MaySleep[C.F] = true;
    return true;
  });
}

/// What of an entry context decides which paths of a function run.
static std::string key(size_t F, const AbsState &E, int FaultsOff) {
  std::string K;
  llvm::raw_string_ostream OS(K);
  OS << F << ':' << FaultsOff << ':' << unsigned(E.Kinds) << ':'
     << unsigned(E.Bh) << ':' << unsigned(E.Irqs) << ':' << unsigned(E.ArgKnown)
     << ':' << unsigned(E.ArgTrue) << ':' << E.SleepChecksOff;
  for (const auto &[A, B] : E.ArgBits)
    OS << ':' << unsigned(A.Index) << A.Field.str() << '=' << B.Zero << '/'
       << B.One << B.NonZero;
  for (const auto &[Param, Passed] : E.FnArgs)
    OS << ":fn" << unsigned(Param) << '=' << Passed;
  OS << ":chain" << E.Chain;
  return K;
}

const SleepWitness *Sleepers::sleeps(size_t G, const AbsState &Entry,
                                     int FaultsOff) {
  // MaySleep: whether any path of G may sleep in some context. Which do is
  // the arguments' to say, at every call down the chain
  // (kvfree_call_rcu() sleeps only without a head); past a deep chain, any
  // path in any context, but for a context with the kernel's sleep checks
  // off: a store turning them on that deep is not looked for.
  if (!MaySleep[G])
    return Unconditional[G];
  if (Depth > 48)
    return Entry.SleepChecksOff ? nullptr : Unconditional[G];
  std::string K = key(G, Entry, FaultsOff);
  if (auto It = Memo.find(K); It != Memo.end())
    return It->second;
  Memo[K] = nullptr; // a recursive call assumes no sleep through itself
  ++Depth;
  const FunctionSummary &F = P.functions()[G];
  auto Runs = [&](const RelState &R) {
    return composedKinds(Entry, R) && feasible(Entry, R, F.Tests);
  };
  const SleepWitness *Found = nullptr;
  // A sleep where the caller's context left the checks off, and the
  // function did not turn them on, is not one the kernel warns of.
  for (size_t O = 0; O < F.Ops.size() && !Found; ++O) {
    const Operation &Op = F.Ops[O];
    if (!IsSleep(Op))
      continue;
    if (const RelState *R = firstRun(Op.States, [&](const RelState &R) {
          return sleepingOp(Op, R, FaultsOff) && !sleepChecksOff(Entry, R) &&
                 Runs(R) && decides(Entry, R, F.Tests, Op.DecidedBy);
        }))
      Found = keep({G, int(O), -1, 0, nullptr, 0, R->WhyObjectState});
  }
  for (size_t C = 0; C < F.Calls.size() && !Found; ++C) {
    const CallSite &Call = F.Calls[C];
    if (Call.After)
      continue;
    firstRun(Call.States, [&](const RelState &R) {
      if (!sleepsFreely(R) || !Runs(R))
        return false;
      size_t ChoiceOf = 0;
      for (size_t To : callees(F, Call, Entry, &ChoiceOf))
        if (const SleepWitness *Next =
                sleeps(To, P.calleeEntry(Entry, R, Call, To, F.Tests),
                       faultsOffAt(FaultsOff, R))) {
          Found = keep({G, -1, int(C), To, Next, ChoiceOf, R.WhyObjectState});
          return true;
        }
      return false;
    });
  }
  --Depth;
  Memo[K] = Found;
  return Found;
}

std::vector<Note> Sleepers::chain(const SleepWitness &First) const {
  std::vector<Note> Out;
  for (const SleepWitness *W = &First; W; W = W->Next) {
    const FunctionSummary &F = P.functions()[W->Function];
    if (W->Op >= 0) {
      const Operation &Op = F.Ops[W->Op];
      Out.push_back({Op.Where, "'" + Op.Name + "()' may sleep here" +
                                   (Op.Rule == rules::MayFault
                                        ? " (a user access that may fault)"
                                        : "")});
      llvm::append_range(Out, Op.MacroNotes);
      break;
    }
    const CallSite &C = F.Calls[W->Call];
    std::string Callee = "'" + P.functions()[W->Callee].name().str() + "()'";
    Out.push_back({C.Where, C.Through.empty()
                                ? Callee + " called here may sleep"
                                : Callee + " called through '" +
                                      C.CalleeName.str() + "' may sleep"});
  }
  return Out;
}

} // namespace kharden

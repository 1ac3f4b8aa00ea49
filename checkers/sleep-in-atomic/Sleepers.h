//===- Sleepers.h - which functions may sleep, and how ----------*- C++ -*-===//
//
// A function may sleep if a primitive the kernel model says may sleep runs
// on one of its paths, or it calls, on such a path, a function that may
// sleep: across files, over the whole run's call graph (not the calls the
// kernel makes after it returned, CallSite::After: seq_read() calls
// ->show() after ->start(), a caller of ->start() does not). A path counts
// only where the function itself holds nothing atomic (a sleep under its
// own lock is its own bug, reported there, and says nothing of its
// callers), and, for a caller that passes known arguments or a known kind
// of context, only where its branch facts (parameter bits: gfpflags_allow_
// blocking(gfp), might_sleep_if(cond)) and context predicates allow.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CHECKERS_SLEEP_IN_ATOMIC_SLEEPERS_H
#define KHARDEN_CHECKERS_SLEEP_IN_ATOMIC_SLEEPERS_H

#include "engine/Program.h"

#include "llvm/ADT/StringMap.h"

#include <deque>
#include <vector>

namespace kharden {

/// How a function may sleep: a sleeping operation of its own, or a call of
/// a function that may sleep (Next: how that one does, in the context the
/// call gives it).
struct SleepWitness {
  size_t Function = 0;
  int Op = -1;   ///< Into FunctionSummary::Ops, or ...
  int Call = -1; ///< ... into FunctionSummary::Calls, reaching Callee.
  size_t Callee = 0;
  const SleepWitness *Next = nullptr;
  /// For a call through a pointer that may hold any of ChoiceOf functions
  /// (Sleepers::isChoice()): the object chose Callee. 0 for no choice.
  size_t ChoiceOf = 0;
  /// Note of Function: the path to Op or Call runs in one state of an
  /// object only (RelState::WhyObjectState). -1 for none.
  int16_t ObjectState = -1;
};

/// Whether a path at R counts for the sleepers of kind Possible: one that
/// runs in one state of an object only (RelState::WhyObjectState) counts
/// for the possible ones alone.
inline bool countsFor(const RelState &R, bool Possible) {
  return R.WhyObjectState < 0 || Possible;
}

class Sleepers {
public:
  /// IsSleep: whether an operation counts as sleeping (the check's rules
  /// and options decide). Possible: whether the sleeps that the state of an
  /// object decides count, not the code: a call through a pointer that may
  /// reach several functions (isChoice()) is then a call of each of them,
  /// else of none, and a path that runs in one state of an object only (a
  /// last reference's free, a set-up not run yet; RelState::WhyObjectState)
  /// runs, else not.
  Sleepers(const Program &P, std::function<bool(const Operation &)> IsSleep,
           bool Possible);

  /// How F may sleep when a call enters it in Entry (its arguments and the
  /// kind of context are what matter), or null if it cannot. FaultsOff:
  /// the pagefault_disable()s its callers hold at least, counted from the
  /// function whose call is being judged (RelState::PagefaultDepth, summed
  /// down the chain).
  const SleepWitness *sleeps(size_t F, const AbsState &Entry,
                             int FaultsOff = 0);
  /// The notes from W down to the sleeping primitive.
  std::vector<Note> chain(const SleepWitness &W) const;
  /// Whether C, found to reach Targets functions, is a call through a
  /// pointer that may hold any of several.
  static bool isChoice(const CallSite &C, size_t Targets) {
    return !C.Through.empty() && Targets > 1;
  }
  /// Callees of C, a call of F entered in Entry, that may be entered
  /// through it (not a generic hook's, nor a function some other caller
  /// passes as a parameter, nor one the kernel model says is
  /// `atomic-safe`, nor, unless Possible, any of a choice's). ChoiceOf: of
  /// how many functions the object chooses the one that runs (0: none).
  llvm::SmallVector<size_t, 4> callees(const FunctionSummary &F,
                                       const CallSite &C, const AbsState &Entry,
                                       size_t *ChoiceOf = nullptr) const;
  /// A user access with page faults disabled at R, by the function or by
  /// its callers (FaultsOff), fails instead of sleeping.
  static bool failsInstead(const Operation &Op, const RelState &R,
                           int FaultsOff = 0);
  /// FaultsOff for a callee called at R: unknown (0 and below say page
  /// faults may be on) where R's own depth is below what a RelState counts.
  static int faultsOffAt(int FaultsOff, const RelState &R);

private:
  /// A path at R of F may sleep for its callers: it holds nothing atomic.
  static bool sleepsFreely(const RelState &R);
  /// The first state of States that may run here and satisfies Pred: the
  /// paths that one state of an object takes last, and only if Possible.
  template <typename Pred>
  const RelState *firstRun(llvm::ArrayRef<RelState> States, Pred &&P) const;
  bool sleepingOp(const Operation &Op, const RelState &R, int FaultsOff) const;
  const SleepWitness *keep(SleepWitness W);
  void solveUnconditional();

  const Program &P;
  std::function<bool(const Operation &)> IsSleep;
  bool Possible;
  std::deque<SleepWitness> Store; ///< Never relocated.
  /// With nothing known of the arguments or the context: every path.
  std::vector<const SleepWitness *> Unconditional;
  /// Whether some context may make a function sleep: also through the
  /// calls a context narrows (Program::narrowable()), which Unconditional
  /// cannot follow.
  std::vector<bool> MaySleep;
  llvm::StringMap<const SleepWitness *> Memo;
  unsigned Depth = 0;
};

} // namespace kharden

#endif

//===- models/solver/TransitionSystem.h - safety of a transition system -*- C++
//-*-===//
//
// A model stated as a transition system (state variables, labelled steps,
// initial states, bad states) is proved safe for executions of every
// length, or refuted by a shortest path to a bad state:
//  - proveByInvariant(): Z3's Spacer engine (IC3/PDR over the system's Horn
//    clauses) proposes an inductive invariant; three ordinary queries, each
//    replayable by another solver, check it: it holds in every initial
//    state (invariant.initiation), every step keeps it
//    (invariant.consecution) and no bad state satisfies it
//    (invariant.safety). The proof rests on those three, not on Spacer.
//  - ShortestViolation: bounded model checking by iterative deepening
//    ("bmc-<depth>"); the first depth with a path to a bad state gives the
//    shortest counterexample, every shorter depth having been shown free of
//    one.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_TRANSITIONSYSTEM_H
#define KHARDEN_MODELS_SOLVER_TRANSITIONSYSTEM_H

#include "models/solver/ProofRun.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden::smt {

using Vars = std::vector<z3::expr>;

class TransitionSystem {
public:
  virtual ~TransitionSystem() = default;
  /// Fresh state variables, named with Prefix.
  virtual Vars state(const std::string &Prefix) const = 0;
  /// Fresh variables that say what a step did (event, CPU, ...).
  virtual Vars label(const std::string &Prefix) const = 0;
  virtual z3::expr initial(const Vars &S) const = 0;
  /// A step from S to N labelled L.
  virtual z3::expr step(const Vars &S, const Vars &L, const Vars &N) const = 0;
  virtual z3::expr bad(const Vars &S) const = 0;
};

/// A path from an initial state: States[0..k], Labels[0..k-1] between them,
/// and the assignment that gives their values.
struct Path {
  std::vector<Vars> States;
  std::vector<Vars> Labels;
  Assignment Witness;
};

struct InvariantProof {
  /// The invariant's conjuncts, over the state variables "inv_".
  std::vector<z3::expr> Clauses;
  Vars State;
};

/// Proves that no bad state is reachable. None when the proof fails: the
/// reason is in Run, or BadReachable is set (Spacer reached a bad state;
/// look for the path with shortestViolation()).
std::optional<InvariantProof>
proveByInvariant(ProofRun &Run, const TransitionSystem &TS, bool &BadReachable);

/// Bounded model checking by iterative deepening, resumable: deepen()
/// extends the search to longer paths where the last call stopped.
class ShortestViolation {
public:
  explicit ShortestViolation(const TransitionSystem &TS);
  /// The shortest path to a bad state, searching up to Last steps; none
  /// when there is none that short (Run.ok()) or a depth was undecided
  /// (the reason in Run).
  std::optional<Path> deepen(ProofRun &Run, unsigned Last);
  /// The depth searched so far.
  unsigned depth() const { return States.size() - 1; }

private:
  const TransitionSystem &TS;
  std::vector<Vars> States;
  std::vector<Vars> Labels;
  z3::expr Prefix;
};

} // namespace kharden::smt

#endif

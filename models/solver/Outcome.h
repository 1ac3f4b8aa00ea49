//===- models/solver/Outcome.h - what a solver query can answer -*- C++ -*-===//
//
// A proof query (prove a claim by refuting its negation) and a witness search
// (look for an assignment that satisfies constraints) have different answers,
// and each answer carries only what it means: a counterexample exists only in
// a refutation, a witness only in a found witness, a reason only in an
// unknown. The variants make it impossible to read a counterexample from a
// proof or to take a timeout for a pass.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_OUTCOME_H
#define KHARDEN_MODELS_SOLVER_OUTCOME_H

#include "models/solver/Assignment.h"
#include "models/solver/Status.h"

#include <string>
#include <variant>

namespace kharden::smt {

/// The negated claim is unsatisfiable: the claim holds for every assignment.
struct Proved {};
/// The negated claim is satisfiable: Counterexample violates the claim.
struct Refuted {
  Assignment Counterexample;
};
/// The constraints are satisfiable: Witness satisfies them.
struct WitnessFound {
  Assignment Witness;
};
/// The constraints are unsatisfiable: no witness exists (proved impossible).
struct NoWitness {};
/// The bad states of a transition system are unreachable, and Invariant (a
/// formula over its state variables) is an inductive invariant that
/// excludes them, as the search claims: it still has to be checked.
struct InvariantFound {
  z3::expr Invariant;
};
/// Some bad state is reachable (the search found a path to it).
struct BadReachable {};
/// The solver gave up (timeout, resource limit, incompleteness).
struct Undecided {
  std::string Reason;
  /// The wall-clock limit stopped the query (Status::Timeout).
  bool TimedOut = false;
};
/// The query could not be run (a Z3 exception, an I/O error writing it).
struct Failed {
  std::string Message;
};

/// The answer to prove(): Proved, Refuted, Undecided or Failed.
class ProofOutcome {
public:
  using Value = std::variant<Proved, Refuted, Undecided, Failed>;
  ProofOutcome(Value V) : V(std::move(V)) {}

  Status status() const;
  /// The status of a lemma a proof rests on: Proved, or why that proof
  /// fails. A refuted lemma is an Error (the model is wrong), an undecided
  /// one keeps its status (Timeout, Unknown, Error).
  Status asLemma() const {
    Status S = status();
    return S == Status::Refuted ? Status::Error : S;
  }
  bool isProved() const { return std::holds_alternative<Proved>(V); }
  /// The counterexample, or null unless the claim was refuted.
  const Assignment *counterexample() const {
    auto *R = std::get_if<Refuted>(&V);
    return R ? &R->Counterexample : nullptr;
  }
  /// Why the query is undecided or failed; empty when it was decided.
  std::string problem() const;
  const Value &value() const { return V; }

private:
  Value V;
};

/// The answer to findWitness(): WitnessFound, NoWitness, Undecided or Failed.
class SearchOutcome {
public:
  using Value = std::variant<WitnessFound, NoWitness, Undecided, Failed>;
  SearchOutcome(Value V) : V(std::move(V)) {}

  bool found() const { return std::holds_alternative<WitnessFound>(V); }
  bool provedImpossible() const { return std::holds_alternative<NoWitness>(V); }
  bool decided() const { return found() || provedImpossible(); }
  /// The witness, or null unless one was found.
  const Assignment *witness() const {
    auto *W = std::get_if<WitnessFound>(&V);
    return W ? &W->Witness : nullptr;
  }
  /// Why the search is undecided or failed; empty when it was decided.
  std::string problem() const;
  /// Timeout, Unknown or Error when undecided; otherwise meaningless to ask.
  Status undecidedStatus() const;
  const Value &value() const { return V; }

private:
  Value V;
};

/// The answer to findInvariant(): InvariantFound, BadReachable, Undecided or
/// Failed. Only guidance: a proof rests on the invariant's own checks, a
/// refutation on a path found by bounded model checking.
class InvariantOutcome {
public:
  using Value = std::variant<InvariantFound, BadReachable, Undecided, Failed>;
  InvariantOutcome(Value V) : V(std::move(V)) {}

  /// The invariant, or null unless one was found.
  const z3::expr *invariant() const {
    auto *I = std::get_if<InvariantFound>(&V);
    return I ? &I->Invariant : nullptr;
  }
  bool badReachable() const { return std::holds_alternative<BadReachable>(V); }
  std::string problem() const;
  /// Timeout, Unknown or Error when undecided; otherwise meaningless to ask.
  Status undecidedStatus() const;

private:
  Value V;
};

} // namespace kharden::smt

#endif

//===- models/solver/ProofRun.h - bookkeeping of one property's proof -*- C++
//-*-===//
//
// A property is proved by a sequence of named queries. ProofRun runs them
// through one SmtSession, names them "<scheme>/<property>/<step>", keeps the
// first reason a step could not be decided, and fills the ProofRecord's
// query list and replay files at the end. A step whose answer is not the one
// the proof needs makes the whole property unknown or an error, never proved.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_PROOFRUN_H
#define KHARDEN_MODELS_SOLVER_PROOFRUN_H

#include "models/solver/ProofRecord.h"
#include "models/solver/Solver.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <chrono>

namespace kharden::smt {

class ProofRun {
public:
  ProofRun(ProofRecord &Result, const SolverConfig &Config);

  SmtSession &session() { return Session; }
  z3::context &ctx() { return Session.ctx(); }
  std::string name(llvm::StringRef Step) const;

  /// Proves Claim; on anything but Proved, records why and returns false.
  bool prove(llvm::StringRef Step, const z3::expr &Claim,
             llvm::ArrayRef<z3::expr> Assumptions, const llvm::Twine &What);
  /// Searches for a witness the proof needs; null (with the reason
  /// recorded) unless one is found.
  std::optional<Assignment> witness(llvm::StringRef Step,
                                    llvm::ArrayRef<z3::expr> Constraints,
                                    const llvm::Twine &What);
  /// A search whose both answers the proof can use (found or impossible);
  /// null, with the reason recorded, when it is undecided. A search that
  /// only guides the proof (a Houdini round) is not Evidence: its replay
  /// file is written but not listed in the result.
  enum class Role { Evidence, Guidance };
  std::optional<SearchOutcome> search(llvm::StringRef Step,
                                      llvm::ArrayRef<z3::expr> Constraints,
                                      Role R = Role::Evidence);
  /// Searches for an inductive invariant of P (Spacer). Guidance like a
  /// Houdini round: its replay file is written but not listed, and the
  /// proof rests on the checks of the invariant. Null, with the reason
  /// recorded, when the search is undecided.
  std::optional<InvariantOutcome> searchInvariant(llvm::StringRef Step,
                                                  const SafetyProblem &P);
  /// Records a line of evidence for a step run with search().
  void note(llvm::StringRef Step, const llvm::Twine &What) {
    stepDone(Step, What);
  }
  /// Proves that no assignment satisfies Constraints.
  bool impossible(llvm::StringRef Step, llvm::ArrayRef<z3::expr> Constraints,
                  const llvm::Twine &What);

  /// Records a failure that is not a solver answer.
  void fail(Status S, const llvm::Twine &Problem);
  bool ok() const { return !Failed; }

  /// Sets the verdict (Proved unless a step failed, or Refuted when asked),
  /// the query list, replay files and time.
  void finish(Status Verdict = Status::Proved);

private:
  void stepDone(llvm::StringRef Step, const llvm::Twine &What);

  ProofRecord &Result;
  SmtSession Session;
  bool Failed = false;
  /// Indices into the session's query log of the guidance-only queries.
  std::vector<size_t> Guidance;
  std::chrono::steady_clock::time_point Start;
  double StartCpuMs;
};

} // namespace kharden::smt

#endif

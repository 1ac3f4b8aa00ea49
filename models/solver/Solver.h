//===- models/solver/Solver.h - Z3 behind one small interface ---*- C++ -*-===//
//
// Every solver query in kharden's models goes through an SmtSession:
//  - it is named ("x86_64-v6.9/entropy.fresh/max-preimage.bound"), so reports
//    and replay files can point at it;
//  - a claim is proved by refutation (assert its negation, check) and a
//    witness is searched for directly, with answers that cannot be confused
//    (models/solver/Outcome.h);
//  - a fixed random seed and resource limit keep answers reproducible in CI,
//    with a wall-clock timeout as backstop; an exhausted limit is Undecided,
//    never Proved;
//  - with an SMT directory set, each query is written as a self-contained
//    SMT-LIB2 benchmark whose header records the answer Z3 gave, so that
//    another solver can replay it (tests/models replays them with cvc5).
// Z3 reports errors by throwing z3::exception; this layer catches them and
// answers Failed, so nothing above it sees an exception.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_SOLVER_H
#define KHARDEN_MODELS_SOLVER_SOLVER_H

#include "models/solver/Outcome.h"
#include "models/solver/SolverConfig.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kharden::smt {

/// One query as it was run: for reports, timing and replay.
struct QueryRecord {
  std::string Name;
  /// The answer Z3 gave to the asserted formula: "unsat", "sat" or
  /// "unknown"; also the `; expect:` header of the replay file.
  std::string Answer;
  /// The replay file, empty unless an SMT directory was given.
  std::string SmtFile;
  double Millis = 0;
};

/// A safety question about a transition system: can a state satisfying Bad
/// be reached from one satisfying Init through steps? Init and Bad are
/// formulas over State; Step over State, Label (what the step does) and
/// Next, a second copy of State.
struct SafetyProblem {
  std::vector<z3::expr> State, Label, Next;
  z3::expr Init, Step, Bad;
};

class SmtSession {
public:
  explicit SmtSession(SolverConfig Config = {});

  z3::context &ctx() { return Ctx; }
  const SolverConfig &config() const { return Config; }

  /// Proves Claim under Assumptions by refutation: unsat of
  /// Assumptions && !Claim is Proved, sat is Refuted with the model.
  ProofOutcome prove(llvm::StringRef Name, const z3::expr &Claim,
                     llvm::ArrayRef<z3::expr> Assumptions = {});

  /// Searches for an assignment satisfying all Constraints: sat is
  /// WitnessFound, unsat is NoWitness (proved impossible).
  SearchOutcome findWitness(llvm::StringRef Name,
                            llvm::ArrayRef<z3::expr> Constraints);

  /// Searches for an inductive invariant that excludes the bad states, with
  /// Z3's Spacer engine (IC3/PDR over the problem's Horn clauses). The
  /// answer only guides: the caller checks the invariant with prove().
  /// Its replay file declares the logic HORN.
  InvariantOutcome findInvariant(llvm::StringRef Name, const SafetyProblem &P);

  /// Every query run so far, in order.
  const std::vector<QueryRecord> &queries() const { return Log; }

  /// "4.8.12" and the like.
  static std::string z3Version();

private:
  struct RawAnswer {
    z3::check_result Result = z3::unknown;
    std::optional<z3::model> Model;
    std::string Reason;
    bool Failed = false;
  };
  RawAnswer run(llvm::StringRef Name, llvm::ArrayRef<z3::expr> Formulas);
  std::string writeReplayFile(llvm::StringRef Name, llvm::StringRef Answer,
                              llvm::StringRef Logic, llvm::StringRef Body,
                              std::string &Problem);
  std::string uniqueFileStem(llvm::StringRef Name);

  SolverConfig Config;
  z3::context Ctx;
  std::vector<QueryRecord> Log;
  llvm::StringMap<unsigned> StemUses;
};

/// "a/b/c" from parts; query names are paths of scheme, property and step.
std::string queryName(llvm::StringRef Scheme, llvm::StringRef Property,
                      llvm::StringRef Step);

} // namespace kharden::smt

#endif

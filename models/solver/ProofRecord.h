//===- models/solver/ProofRecord.h - one property's proof, as reported -*- C++
//-*-===//
//
// What every model reports for one (scheme, property): the verdict, how it
// was reached, the lemmas proved on the way, and the queries (with their
// replay files) it rests on. Models extend it with their own figures
// (kstack::PropertyResult, xpfo::PropertyResult). No Z3 here: reports and
// checkers read results without seeing the solver.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_PROOFRECORD_H
#define KHARDEN_MODELS_SOLVER_PROOFRECORD_H

#include "models/solver/Status.h"

#include <optional>
#include <string>
#include <vector>

namespace kharden::smt {

struct ProofRecord {
  std::string Scheme;
  std::string Property;
  Status Verdict = Status::Error;
  /// One sentence: what holds, or why not.
  std::string Summary;
  /// The attacker and execution assumptions, in words.
  std::vector<std::string> Assumptions;
  /// The lemmas proved on the way, one line each.
  std::vector<std::string> Steps;
  /// How the verdict was reached ("inductive invariant of N lemmas",
  /// "bounded model checking") and, for a refutation, the length of the
  /// shortest counterexample.
  std::string Method;
  std::optional<unsigned> Bound;
  /// Why a property is undecided or an error.
  std::string Problem;
  std::vector<std::string> SmtFiles;
  unsigned Queries = 0;
  /// Wall-clock time, and the CPU time of the thread that proved it (what
  /// the proof costs, whatever else runs on the machine).
  double TimeMs = 0;
  double CpuMs = 0;
};

} // namespace kharden::smt

#endif

//===- models/solver/Status.h - a property's verdict ------------*- C++ -*-===//
//
// Kept apart from the solver's outcome types so that code which only reports
// verdicts (checkers, reports) does not see Z3.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_STATUS_H
#define KHARDEN_MODELS_SOLVER_STATUS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace kharden::smt {

/// A verdict, from the solver to every report. Timeout and Unknown are both
/// undecided: Timeout when the wall-clock limit (--timeout-ms) stopped a
/// query, Unknown for every other reason (the resource limit, an incomplete
/// theory, a search with no end in the model).
enum class Status { Proved, Refuted, Timeout, Unknown, Error };

/// "proved", "refuted", "timeout", "unknown", "error": the spellings of
/// every report; JSON keeps them stable.
const char *statusName(Status S);
/// The status a report spells Name, or none.
std::optional<Status> parseStatus(llvm::StringRef Name);
/// Proved or refuted: the question has an answer.
inline bool decided(Status S) {
  return S == Status::Proved || S == Status::Refuted;
}

} // namespace kharden::smt

#endif

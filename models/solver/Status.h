//===- models/solver/Status.h - a property's verdict ------------*- C++ -*-===//
//
// Kept apart from the solver's outcome types so that code which only reports
// verdicts (checkers, reports) does not see Z3.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_SOLVER_STATUS_H
#define KHARDEN_MODELS_SOLVER_STATUS_H

namespace kharden::smt {

/// Status names shared by every report ("proved", "refuted", "unknown",
/// "error"); JSON keeps these spellings stable.
enum class Status { Proved, Refuted, Unknown, Error };
const char *statusName(Status S);

} // namespace kharden::smt

#endif

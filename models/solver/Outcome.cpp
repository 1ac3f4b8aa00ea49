#include "models/solver/Outcome.h"

namespace kharden::smt {

const char *statusName(Status S) {
  switch (S) {
  case Status::Proved:
    return "proved";
  case Status::Refuted:
    return "refuted";
  case Status::Unknown:
    return "unknown";
  case Status::Error:
    return "error";
  }
  return "error";
}

Status ProofOutcome::status() const {
  if (std::holds_alternative<Proved>(V))
    return Status::Proved;
  if (std::holds_alternative<Refuted>(V))
    return Status::Refuted;
  if (std::holds_alternative<Undecided>(V))
    return Status::Unknown;
  return Status::Error;
}

template <typename Variant> static std::string problemOf(const Variant &V) {
  if (auto *U = std::get_if<Undecided>(&V))
    return U->Reason.empty() ? "unknown" : U->Reason;
  if (auto *F = std::get_if<Failed>(&V))
    return F->Message;
  return "";
}

std::string ProofOutcome::problem() const { return problemOf(V); }
std::string SearchOutcome::problem() const { return problemOf(V); }

Status SearchOutcome::undecidedStatus() const {
  return std::holds_alternative<Failed>(V) ? Status::Error : Status::Unknown;
}

} // namespace kharden::smt

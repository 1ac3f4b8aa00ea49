#include "models/solver/Outcome.h"

namespace kharden::smt {

const char *statusName(Status S) {
  switch (S) {
  case Status::Proved:
    return "proved";
  case Status::Refuted:
    return "refuted";
  case Status::Timeout:
    return "timeout";
  case Status::Unknown:
    return "unknown";
  case Status::Error:
    return "error";
  }
  return "error";
}

std::optional<Status> parseStatus(llvm::StringRef Name) {
  for (Status S : {Status::Proved, Status::Refuted, Status::Timeout,
                   Status::Unknown, Status::Error})
    if (Name == statusName(S))
      return S;
  return std::nullopt;
}

template <typename Variant> static std::string problemOf(const Variant &V) {
  if (auto *U = std::get_if<Undecided>(&V))
    return U->Reason.empty() ? "unknown" : U->Reason;
  if (auto *F = std::get_if<Failed>(&V))
    return F->Message;
  return "";
}

template <typename Variant> static Status undecidedStatusOf(const Variant &V) {
  if (auto *U = std::get_if<Undecided>(&V))
    return U->TimedOut ? Status::Timeout : Status::Unknown;
  return Status::Error;
}

Status ProofOutcome::status() const {
  if (std::holds_alternative<Proved>(V))
    return Status::Proved;
  if (std::holds_alternative<Refuted>(V))
    return Status::Refuted;
  return undecidedStatusOf(V);
}

std::string ProofOutcome::problem() const { return problemOf(V); }
std::string SearchOutcome::problem() const { return problemOf(V); }
std::string InvariantOutcome::problem() const { return problemOf(V); }

Status SearchOutcome::undecidedStatus() const { return undecidedStatusOf(V); }
Status InvariantOutcome::undecidedStatus() const {
  return undecidedStatusOf(V);
}

} // namespace kharden::smt

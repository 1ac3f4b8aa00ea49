#include "models/solver/ProofRun.h"

#include <algorithm>

#include <time.h>

using namespace llvm;

namespace kharden::smt {

/// CPU time of the calling thread: Z3 solves in the thread that asks.
static double threadCpuMs() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

ProofRun::ProofRun(ProofRecord &Result, const SolverConfig &Config)
    : Result(Result), Session(Config), Start(std::chrono::steady_clock::now()),
      StartCpuMs(threadCpuMs()) {}

std::string ProofRun::name(StringRef Step) const {
  return queryName(Result.Scheme, Result.Property, Step);
}

void ProofRun::stepDone(StringRef Step, const Twine &What) {
  Result.Steps.push_back(What.str() + " [" + Step.str() + "]");
}

void ProofRun::fail(Status S, const Twine &Problem) {
  if (Failed)
    return;
  Failed = true;
  Result.Verdict = S;
  Result.Problem = Problem.str();
}

bool ProofRun::prove(StringRef Step, const z3::expr &Claim,
                     ArrayRef<z3::expr> Assumptions, const Twine &What) {
  if (Failed)
    return false;
  ProofOutcome O = Session.prove(name(Step), Claim, Assumptions);
  switch (O.status()) {
  case Status::Proved:
    stepDone(Step, What);
    return true;
  case Status::Refuted:
    // The model's own lemma does not hold: a bug in the model, not a
    // verdict about the scheme.
    fail(Status::Error, "lemma refuted: " + What + " [" + Step + "]");
    return false;
  default:
    fail(O.status(), Step + ": " + O.problem());
    return false;
  }
}

std::optional<Assignment> ProofRun::witness(StringRef Step,
                                            ArrayRef<z3::expr> Constraints,
                                            const Twine &What) {
  if (Failed)
    return std::nullopt;
  SearchOutcome O = Session.findWitness(name(Step), Constraints);
  if (const Assignment *W = O.witness()) {
    stepDone(Step, What);
    return *W;
  }
  if (O.provedImpossible())
    fail(Status::Error, "no witness: " + What + " [" + Step + "]");
  else
    fail(O.undecidedStatus(), Step + ": " + O.problem());
  return std::nullopt;
}

std::optional<SearchOutcome>
ProofRun::search(StringRef Step, ArrayRef<z3::expr> Constraints, Role R) {
  if (Failed)
    return std::nullopt;
  if (R == Role::Guidance)
    Guidance.push_back(Session.queries().size());
  SearchOutcome O = Session.findWitness(name(Step), Constraints);
  if (O.decided())
    return O;
  fail(O.undecidedStatus(), Step + ": " + O.problem());
  return std::nullopt;
}

std::optional<InvariantOutcome>
ProofRun::searchInvariant(StringRef Step, const SafetyProblem &P) {
  if (Failed)
    return std::nullopt;
  Guidance.push_back(Session.queries().size());
  InvariantOutcome O = Session.findInvariant(name(Step), P);
  if (O.invariant() || O.badReachable())
    return O;
  fail(O.undecidedStatus(), Step + ": " + O.problem());
  return std::nullopt;
}

bool ProofRun::impossible(StringRef Step, ArrayRef<z3::expr> Constraints,
                          const Twine &What) {
  if (Failed)
    return false;
  SearchOutcome O = Session.findWitness(name(Step), Constraints);
  if (O.provedImpossible()) {
    stepDone(Step, What);
    return true;
  }
  if (O.found())
    fail(Status::Error, "unexpected witness: " + What + " [" + Step + "]");
  else
    fail(O.undecidedStatus(), Step + ": " + O.problem());
  return false;
}

void ProofRun::finish(Status Verdict) {
  if (!Failed)
    Result.Verdict = Verdict;
  const std::vector<QueryRecord> &Log = Session.queries();
  for (size_t I = 0; I < Log.size(); ++I)
    if (!Log[I].SmtFile.empty() &&
        std::find(Guidance.begin(), Guidance.end(), I) == Guidance.end())
      Result.SmtFiles.push_back(Log[I].SmtFile);
  Result.Queries = Session.queries().size();
  Result.TimeMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - Start)
                      .count();
  Result.CpuMs = threadCpuMs() - StartCpuMs;
}

} // namespace kharden::smt

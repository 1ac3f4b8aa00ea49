#include "models/solver/Solver.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace llvm;

namespace kharden::smt {

SmtSession::SmtSession(SolverConfig Config) : Config(std::move(Config)) {}

std::string SmtSession::z3Version() {
  unsigned Major, Minor, Build, Revision;
  Z3_get_version(&Major, &Minor, &Build, &Revision);
  return std::to_string(Major) + "." + std::to_string(Minor) + "." +
         std::to_string(Build);
}

std::string queryName(StringRef Scheme, StringRef Property, StringRef Step) {
  return (Scheme + "/" + Property + "/" + Step).str();
}

// File names are the query name with every character outside
// [A-Za-z0-9._-] replaced, so they are stable across runs and machines; a
// repeated name gets a numeric suffix in the order the queries ran.
std::string SmtSession::uniqueFileStem(StringRef Name) {
  std::string Stem;
  for (char C : Name)
    Stem += (isAlnum(C) || C == '.' || C == '_' || C == '-') ? C : '.';
  unsigned Uses = ++StemUses[Stem];
  if (Uses > 1)
    Stem += "-" + std::to_string(Uses);
  return Stem;
}

std::string SmtSession::writeReplayFile(StringRef Name, StringRef Answer,
                                        StringRef Logic, StringRef Body,
                                        std::string &Problem) {
  if (std::error_code EC = sys::fs::create_directories(Config.SmtDir)) {
    Problem = "cannot create " + Config.SmtDir + ": " + EC.message();
    return "";
  }
  SmallString<256> Path(Config.SmtDir);
  sys::path::append(Path, uniqueFileStem(Name) + ".smt2");
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC) {
    Problem = "cannot write " + Path.str().str() + ": " + EC.message();
    return "";
  }
  OS << "; kharden query: " << Name << "\n"
     << "; expect: " << Answer << "\n"
     << "; answered by Z3 " << z3Version() << "\n"
     << "(set-logic " << Logic << ")\n"
     << Body;
  return Path.str().str();
}

// Z3 answers "timeout" when the wall-clock limit stops the search, and
// "canceled" when the limit's timer interrupts a tactic; every other reason
// (the resource limit, "incomplete ...") is Unknown.
static bool timedOut(StringRef Reason) {
  return Reason == "timeout" || Reason == "canceled";
}

SmtSession::RawAnswer SmtSession::run(StringRef Name,
                                      ArrayRef<z3::expr> Formulas) {
  RawAnswer Raw;
  QueryRecord Record;
  Record.Name = Name.str();
  auto Start = std::chrono::steady_clock::now();
  try {
    z3::solver S(Ctx);
    z3::params P(Ctx);
    if (Config.TimeoutMs)
      P.set("timeout", Config.TimeoutMs);
    P.set("random_seed", Config.RandomSeed);
    if (Config.ResourceLimit)
      P.set("rlimit", Config.ResourceLimit);
    S.set(P);
    for (const z3::expr &F : Formulas)
      S.add(F);
    Raw.Result = S.check();
    if (Raw.Result == z3::sat)
      Raw.Model = S.get_model();
    else if (Raw.Result == z3::unknown)
      Raw.Reason = S.reason_unknown();
    Record.Answer = Raw.Result == z3::sat     ? "sat"
                    : Raw.Result == z3::unsat ? "unsat"
                                              : "unknown";
    if (!Config.SmtDir.empty()) {
      std::string Problem;
      Record.SmtFile =
          writeReplayFile(Name, Record.Answer, Config.Logic,
                          S.to_smt2(Record.Answer.c_str()), Problem);
      if (!Problem.empty()) {
        Raw.Failed = true;
        Raw.Reason = Problem;
      }
    }
  } catch (const z3::exception &E) {
    Raw.Failed = true;
    Raw.Reason = std::string("Z3: ") + E.msg();
    Record.Answer = "error";
  }
  Record.Millis = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - Start)
                      .count();
  Log.push_back(std::move(Record));
  return Raw;
}

ProofOutcome SmtSession::prove(StringRef Name, const z3::expr &Claim,
                               ArrayRef<z3::expr> Assumptions) {
  std::vector<z3::expr> Formulas(Assumptions.begin(), Assumptions.end());
  try {
    Formulas.push_back(!Claim);
  } catch (const z3::exception &E) {
    return ProofOutcome(Failed{std::string("Z3: ") + E.msg()});
  }
  RawAnswer Raw = run(Name, Formulas);
  if (Raw.Failed)
    return ProofOutcome(Failed{Raw.Reason});
  switch (Raw.Result) {
  case z3::unsat:
    return ProofOutcome(Proved{});
  case z3::sat:
    return ProofOutcome(Refuted{Assignment(*Raw.Model)});
  case z3::unknown:
    break;
  }
  return ProofOutcome(Undecided{Raw.Reason, timedOut(Raw.Reason)});
}

SearchOutcome SmtSession::findWitness(StringRef Name,
                                      ArrayRef<z3::expr> Constraints) {
  RawAnswer Raw = run(Name, Constraints);
  if (Raw.Failed)
    return SearchOutcome(Failed{Raw.Reason});
  switch (Raw.Result) {
  case z3::sat:
    return SearchOutcome(WitnessFound{Assignment(*Raw.Model)});
  case z3::unsat:
    return SearchOutcome(NoWitness{});
  case z3::unknown:
    break;
  }
  return SearchOutcome(Undecided{Raw.Reason, timedOut(Raw.Reason)});
}

InvariantOutcome SmtSession::findInvariant(StringRef Name,
                                           const SafetyProblem &P) {
  QueryRecord Record;
  Record.Name = Name.str();
  auto Start = std::chrono::steady_clock::now();
  std::optional<InvariantOutcome> Out;
  try {
    z3::fixedpoint Fp(Ctx);
    z3::params Params(Ctx);
    Params.set("engine", "spacer");
    if (Config.TimeoutMs)
      Params.set("timeout", Config.TimeoutMs);
    Params.set("spacer.random_seed", Config.RandomSeed);
    Fp.set(Params);
    z3::sort_vector Sorts(Ctx);
    z3::expr_vector State(Ctx), Next(Ctx), StepVars(Ctx);
    for (const z3::expr &V : P.State) {
      Sorts.push_back(V.get_sort());
      State.push_back(V);
      StepVars.push_back(V);
    }
    for (const z3::expr &V : P.Next) {
      Next.push_back(V);
      StepVars.push_back(V);
    }
    for (const z3::expr &V : P.Label)
      StepVars.push_back(V);
    z3::func_decl Reach = z3::function("reach", Sorts, Ctx.bool_sort());
    Fp.register_relation(Reach);
    z3::expr InitRule = z3::forall(State, z3::implies(P.Init, Reach(State)));
    z3::expr StepRule =
        z3::forall(StepVars, z3::implies(Reach(State) && P.Step, Reach(Next)));
    Fp.add_rule(InitRule, Ctx.str_symbol("init"));
    Fp.add_rule(StepRule, Ctx.str_symbol("step"));
    z3::expr Query = z3::exists(State, Reach(State) && P.Bad);
    z3::check_result Result = Fp.query(Query);
    // Spacer answers the query: unsat means no bad state is reachable.
    Record.Answer = Result == z3::sat     ? "sat"
                    : Result == z3::unsat ? "unsat"
                                          : "unknown";
    if (Result == z3::unsat)
      Out = InvariantOutcome(
          InvariantFound{Fp.get_cover_delta(-1, Reach).substitute(State)});
    else if (Result == z3::sat)
      Out = InvariantOutcome(BadReachable{});
    else {
      std::string Reason = Fp.reason_unknown();
      Out = InvariantOutcome(Undecided{Reason, timedOut(Reason)});
    }
    if (!Config.SmtDir.empty()) {
      z3::expr_vector Queries(Ctx);
      Queries.push_back(Query);
      std::string Problem;
      Record.SmtFile = writeReplayFile(Name, Record.Answer, "HORN",
                                       Fp.to_string(Queries), Problem);
      if (!Problem.empty())
        Out = InvariantOutcome(Failed{Problem});
    }
  } catch (const z3::exception &E) {
    // Spacer reports its timeout by throwing "canceled".
    if (timedOut(E.msg()))
      Out = InvariantOutcome(Undecided{E.msg(), true});
    else
      Out = InvariantOutcome(Failed{std::string("Z3: ") + E.msg()});
    Record.Answer =
        Out->undecidedStatus() == Status::Timeout ? "unknown" : "error";
  }
  Record.Millis = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - Start)
                      .count();
  Log.push_back(std::move(Record));
  return *Out;
}

} // namespace kharden::smt

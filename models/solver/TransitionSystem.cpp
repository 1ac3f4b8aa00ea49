#include "models/solver/TransitionSystem.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace kharden::smt {

/// The conjuncts of E (E itself unless it is a conjunction).
static std::vector<z3::expr> conjuncts(const z3::expr &E) {
  if (!E.is_app() || E.decl().decl_kind() != Z3_OP_AND)
    return {E};
  std::vector<z3::expr> Out;
  for (unsigned I = 0; I < E.num_args(); ++I)
    Out.push_back(E.arg(I));
  return Out;
}

std::optional<InvariantProof> proveByInvariant(ProofRun &Run,
                                               const TransitionSystem &TS,
                                               bool &BadReachable) {
  BadReachable = false;
  Vars S = TS.state("inv_"), L = TS.label("step_"), N = TS.state("next_");
  SafetyProblem P{S, L, N, TS.initial(S), TS.step(S, L, N), TS.bad(S)};
  std::optional<InvariantOutcome> Search =
      Run.searchInvariant("invariant.search", P);
  if (!Search)
    return std::nullopt;
  if (Search->badReachable()) {
    BadReachable = true;
    return std::nullopt;
  }
  z3::expr Inv = *Search->invariant();
  z3::expr_vector From(Run.ctx()), To(Run.ctx());
  for (size_t I = 0; I < S.size(); ++I) {
    From.push_back(S[I]);
    To.push_back(N[I]);
  }
  z3::expr InvNext = Inv.substitute(From, To);
  std::vector<z3::expr> Clauses = conjuncts(Inv);
  std::string Count = std::to_string(Clauses.size());
  if (!Run.prove("invariant.initiation", Inv, {P.Init},
                 "the " + Count + " invariant clauses hold initially") ||
      !Run.prove("invariant.consecution", InvNext, {Inv, P.Step},
                 "every step preserves them") ||
      !Run.prove("invariant.safety", !P.Bad, {Inv},
                 "they exclude every bad state"))
    return std::nullopt;
  return InvariantProof{std::move(Clauses), std::move(S)};
}

ShortestViolation::ShortestViolation(const TransitionSystem &TS)
    : TS(TS), States{TS.state("s0_")}, Prefix(TS.initial(States[0])) {}

std::optional<Path> ShortestViolation::deepen(ProofRun &Run, unsigned Last) {
  while (depth() < Last && Run.ok()) {
    unsigned Depth = depth() + 1;
    Labels.push_back(TS.label("e" + std::to_string(Depth - 1) + "_"));
    States.push_back(TS.state("s" + std::to_string(Depth) + "_"));
    Prefix = Prefix && TS.step(States[Depth - 1], Labels.back(), States[Depth]);
    std::string Step = "bmc-" + std::to_string(Depth);
    std::optional<SearchOutcome> O =
        Run.search(Step, {Prefix, TS.bad(States[Depth])});
    if (!O)
      return std::nullopt;
    if (O->provedImpossible())
      continue;
    Run.note(Step, "a schedule of " + Twine(Depth) +
                       " steps violates the property; none shorter does");
    return Path{States, Labels, *O->witness()};
  }
  return std::nullopt;
}

} // namespace kharden::smt

#include "models/xpfo/XpfoProofs.h"

#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace kharden::xpfo {

namespace {

void describe(PropertyResult &R, const XpfoScheme &S, const ProofOptions &O) {
  R.Assumptions.push_back(
      std::to_string(O.Cpus) +
      " CPUs, each with a TLB that may cache the page's physmap translation, "
      "and one page, initially the kernel's and mapped, whose task runs on "
      "cpu0. Any CPU may read the page through the physmap at any time "
      "(a ret2dir read, or a speculative walk), idle CPUs included.");
  R.Assumptions.push_back(
      "A TLB entry stays until a flush removes it; a page walk fills it only "
      "while the PTE is present (and, with per-CPU views, only on the CPU "
      "whose view maps the page).");
  R.Assumptions.push_back(
      "Policy: allocation flush " + spelling(S.Allocation.Flushed).str() +
      ", batch " + std::to_string(S.Allocation.Batch) + ", hand-out " +
      spelling(S.Allocation.When).str() + "; kunmap flush " +
      spelling(S.Kunmap).str() + "; views " + spelling(S.View).str() +
      "; migration " + spelling(S.OnMigration).str() + "; lazy CPUs " +
      spelling(S.Lazy).str() + ".");
}

} // namespace

PropertyResult proveXpfo(const XpfoScheme &S, XpfoProperty P,
                         const ProofOptions &O) {
  PropertyResult R;
  R.Scheme = S.Name;
  R.Property = propertyName(P).str();
  smt::ProofRun Run(R, O.Solver);
  if (O.Cpus < 2 || O.Cpus > 4) {
    Run.fail(smt::Status::Error, "the model takes 2 to 4 CPUs");
    Run.finish();
    return R;
  }
  describe(R, S, O);
  bool Exclusive = P == XpfoProperty::Exclusive;
  try {
    XpfoSystem M(S, P, O.Cpus, Run.ctx());
    // Short counterexamples first: cheap to find, where Spacer takes long;
    // then the invariant; then longer counterexamples, if Spacer reaches a
    // violation.
    smt::ShortestViolation Search(M);
    std::optional<smt::Path> Path = Search.deepen(Run, O.ShallowDepth);
    bool Reachable = false;
    if (!Path && Run.ok()) {
      if (std::optional<smt::InvariantProof> Inv =
              smt::proveByInvariant(Run, M, Reachable)) {
        R.Method = "inductive invariant of " +
                   std::to_string(Inv->Clauses.size()) +
                   " clauses (found by Spacer, checked by Z3): proved for "
                   "schedules of every length";
        for (const z3::expr &Clause : Inv->Clauses)
          R.Steps.push_back("invariant: " + M.describe(Clause));
        R.Summary = Exclusive
                        ? "no CPU can reach a page handed out to user space "
                          "through the physmap"
                        : "after kunmap() no other CPU can reach the page";
        Run.finish(smt::Status::Proved);
        return R;
      }
      if (Reachable)
        Path = Search.deepen(Run, O.MaxDepth);
    }
    if (Path) {
      for (size_t I = 0; I < Path->Labels.size(); ++I)
        R.Schedule.push_back(M.describe(Path->Witness, Path->States[I],
                                        Path->Labels[I], Path->States[I + 1]));
      R.Bound = R.Schedule.size();
      R.Method = "bounded model checking, iterative deepening: shortest "
                 "counterexample";
      R.Summary =
          std::string(Exclusive ? "a CPU reads a user page through the physmap"
                                : "another CPU reads the page after kunmap()") +
          " after " + std::to_string(R.Schedule.size()) + " steps";
      Run.finish(smt::Status::Refuted);
      return R;
    }
    if (Reachable && Run.ok())
      Run.fail(smt::Status::Unknown,
               "Spacer reaches a violation but no schedule of up to " +
                   Twine(O.MaxDepth) + " steps does");
  } catch (const z3::exception &E) {
    Run.fail(smt::Status::Error, std::string("Z3: ") + E.msg());
  }
  Run.finish();
  return R;
}

namespace {

/// The protocol run counted: from the page in From, through Allowed events
/// only, to the page in To with no flush pending.
struct RunShape {
  Phase From, To;
  std::initializer_list<Event> Allowed;
  unsigned MaxSteps;
};

/// The shortest protocol run on Cpus CPUs and what it counts: the queries
/// say no shorter run exists, one of this length exists, and every one of
/// this length counts the same.
std::optional<Count> countRun(smt::ProofRun &Run, const XpfoScheme &S,
                              unsigned Cpus, const RunShape &Shape) {
  // The property is irrelevant to counting; the model needs one.
  XpfoSystem M(S, XpfoProperty::Exclusive, Cpus, Run.ctx());
  z3::context &C = Run.ctx();
  std::string Prefix = "cpus-" + std::to_string(Cpus) + "/";
  smt::Vars State = M.state(Prefix + "s0_");
  z3::expr Path = M.initialIn(State, Shape.From);
  z3::expr Flushes = C.bv_val(0, 8), Ipis = C.bv_val(0, 8),
           Pages = C.bv_val(0, 8);
  for (unsigned K = 1; K <= Shape.MaxSteps; ++K) {
    smt::Vars L = M.label(Prefix + "e" + std::to_string(K) + "_");
    smt::Vars Next = M.state(Prefix + "s" + std::to_string(K) + "_");
    Path = Path && M.step(State, L, Next) && M.eventIn(L, Shape.Allowed);
    Flushes = Flushes + M.localFlushes(L);
    Ipis = Ipis + M.ipis(L);
    Pages = Pages + z3::ite(M.eventIn(L, {Alloc, UnmapOther}), C.bv_val(1, 8),
                            C.bv_val(0, 8));
    State = Next;
    z3::expr Goal = M.inPhase(State, Shape.To) && M.flushed(State);
    std::string Step = Prefix + std::to_string(K) + "-steps";
    std::optional<smt::SearchOutcome> O = Run.search(Step, {Path, Goal});
    if (!O)
      return std::nullopt;
    if (O->provedImpossible())
      continue;
    const smt::Assignment &W = *O->witness();
    Count Got{Cpus, unsigned(W.bits(Pages)), unsigned(W.bits(Flushes)),
              unsigned(W.bits(Ipis)), K};
    z3::expr Other = Flushes != C.bv_val(Got.LocalFlushes, 8) ||
                     Ipis != C.bv_val(Got.Ipis, 8) ||
                     Pages != C.bv_val(Got.Pages, 8);
    Run.note(Step, "with " + Twine(Cpus) + " CPUs the shortest run takes " +
                       Twine(K) + " steps");
    if (!Run.impossible(Prefix + "same-count", {Path, Goal, Other},
                        "with " + Twine(Cpus) + " CPUs every such run makes " +
                            Twine(Got.LocalFlushes) + " local flush(es) and " +
                            Twine(Got.Ipis) + " IPI(s)"))
      return std::nullopt;
    return Got;
  }
  Run.fail(smt::Status::Error,
           "no run of up to " + Twine(Shape.MaxSteps) + " steps completes");
  return std::nullopt;
}

CountLaw countLaw(const XpfoScheme &S, const smt::SolverConfig &Config,
                  StringRef Policy, StringRef What, const RunShape &Shape) {
  CountLaw Law;
  Law.Proof.Scheme = Policy.str();
  Law.Proof.Property = What.str();
  smt::ProofRun Run(Law.Proof, Config);
  try {
    for (unsigned Cpus : {2u, 3u, 4u})
      if (std::optional<Count> C = countRun(Run, S, Cpus, Shape))
        Law.Samples.push_back(*C);
  } catch (const z3::exception &E) {
    Run.fail(smt::Status::Error, std::string("Z3: ") + E.msg());
  }
  Run.finish();
  if (Law.Samples.size() != 3)
    return Law;
  // Per run, affine in the CPUs: fitted on 2 and 3, checked on 4.
  const Count &Two = Law.Samples[0], &Three = Law.Samples[1],
              &Four = Law.Samples[2];
  Law.LocalB = double(Three.LocalFlushes) - double(Two.LocalFlushes);
  Law.LocalA = double(Two.LocalFlushes) - 2 * Law.LocalB;
  Law.IpiB = double(Three.Ipis) - double(Two.Ipis);
  Law.IpiA = double(Two.Ipis) - 2 * Law.IpiB;
  Law.Affine = Law.localFlushes(4) == double(Four.LocalFlushes) &&
               Law.ipis(4) == double(Four.Ipis);
  return Law;
}

} // namespace

CountLaw countAllocation(const XpfoScheme &S, const smt::SolverConfig &Config) {
  return countLaw(S, Config, allocationPolicy(S), "cost.allocation",
                  {Kernel, User, {Alloc, UnmapOther, Deliver, Return}, 10});
}

CountLaw countKunmap(const XpfoScheme &S, const smt::SolverConfig &Config) {
  return countLaw(S, Config, kunmapPolicy(S), "cost.kunmap",
                  {User, Kunmapped, {Kmap, Kunmap, Deliver, KunmapDone}, 10});
}

std::string allocationPolicy(const XpfoScheme &S) {
  // What a protocol run sees: the flush, whether the model batches, and
  // what waits; views, migration and lazy CPUs play no part (no access,
  // migration or idling happens in it).
  const AllocationPolicy &A = S.Allocation;
  std::string Name = "allocation-" + spelling(A.Flushed).str();
  if (A.Batch > 1)
    Name += "-batched";
  if (A.Flushed == Flush::All)
    Name += "-" + spelling(A.When).str();
  return Name;
}

std::string kunmapPolicy(const XpfoScheme &S) {
  return "kunmap-" + spelling(S.Kunmap).str();
}

} // namespace kharden::xpfo

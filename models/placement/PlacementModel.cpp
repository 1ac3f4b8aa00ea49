#include "models/placement/PlacementModel.h"
#include "models/placement/AreaGeometry.h"
#include "models/placement/AreaSimulation.h"
#include "models/placement/ModuleSet.h"
#include "models/placement/PlacementProofs.h"
#include "models/placement/WindowsGeometry.h"
#include "models/placement/WindowsSimulation.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <map>
#include <thread>

using namespace llvm;

namespace kharden::placement {

namespace {

ProvedFigure figure(const ProbabilityBound &B) {
  ProvedFigure F;
  F.Status = B.Status;
  F.Problem = B.Problem;
  if (B.Status == smt::Status::Proved)
    F.Value = B.Bits;
  return F;
}

std::string hex(uint64_t V) {
  std::string S;
  raw_string_ostream(S) << format_hex(V, 2);
  return S;
}

std::string pagesText(uint64_t Pages, uint64_t PageSize) {
  std::string S;
  raw_string_ostream OS(S);
  OS << Pages << " pages";
  uint64_t Bytes = Pages * PageSize;
  if (Bytes % (1 << 20) == 0)
    OS << " (" << Bytes / (1 << 20) << " MiB)";
  return S;
}

/// -log2 of sum over a of max over x of #{outcomes : (a, x)} / outcomes:
/// the average min-entropy of the target given the known module's start.
Estimate exactLeak(const std::vector<uint32_t> &Known,
                   const std::vector<uint32_t> &Target) {
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> Joint;
  for (size_t I = 0; I < Known.size(); ++I)
    ++Joint[{Known[I], Target[I]}];
  std::map<uint32_t, uint64_t> Best;
  for (const auto &[Pair, Count] : Joint)
    Best[Pair.first] = std::max(Best[Pair.first], Count);
  uint64_t Sum = 0;
  for (const auto &[A, Count] : Best)
    Sum += Count;
  return bitsEstimate(double(Sum) / double(Known.size()), 0, true);
}

std::vector<uint64_t> leakModules(const PlacementScheme &S) {
  std::vector<uint64_t> Modules;
  for (const LeakPair &L : S.Eval.Leaks) {
    Modules.push_back(L.Known);
    Modules.push_back(L.Target);
  }
  return Modules;
}

size_t indexOf(const std::vector<uint64_t> &V, uint64_t X) {
  return size_t(std::find(V.begin(), V.end(), X) - V.begin());
}

class Evaluator {
public:
  Evaluator(const PlacementScheme &S, const ModelOptions &O)
      : S(S), O(O), Proofs(S.Name, O.Solver),
        Threads(O.Threads ? O.Threads
                          : std::max(1u, std::thread::hardware_concurrency())) {
    Set = drawModuleSet(S, S.maxModules());
    R.Scheme = S.Name;
    R.Title = S.Title;
    R.Path = S.Path;
    R.Layout = spelling(S.Kind).str();
    R.ProbePages = S.Modules.ProbePages;
    R.Seed = S.Simulation.Seed;
    R.Runs = S.Simulation.Runs;
    for (uint64_t N : S.Eval.N) {
      SeriesPoint P;
      P.N = N;
      P.LoadedPages = Set.Loaded[N - 1];
      R.Series.push_back(P);
    }
  }

  PlacementResult run() {
    auto Start = std::chrono::steady_clock::now();
    if (S.Kind == Layout::ModuleArea)
      moduleArea();
    else
      kernelWindows();
    minBits();
    R.Lemmas = Proofs.lemmas();
    R.Queries = Proofs.queries();
    R.Seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    return std::move(R);
  }

private:
  void moduleArea();
  void sharedBase(const AreaGeometry &G);
  void randomArea(const AreaGeometry &G);
  void kernelWindows();
  void minBits();
  /// The bound of the N-th module, recomputed without the solver, for the
  /// search over every N (module-area only).
  double closedFormBits(const AreaGeometry &G, uint64_t N) const;

  const PlacementScheme &S;
  const ModelOptions &O;
  PlacementProofs Proofs;
  unsigned Threads;
  ModuleSet Set;
  PlacementResult R;
  std::optional<AreaGeometry> Area;
};

void Evaluator::moduleArea() {
  AreaGeometry G = areaGeometry(S);
  Area = G;
  R.Parameters = {
      {"area", hex(S.AreaStart) + " .. " + hex(S.AreaStart + S.AreaSize) +
                   ", " + pagesText(G.Pages, S.PageSize)},
      {"base offset", std::to_string(G.BasePositions) + " positions, " +
                          std::to_string(G.BaseFirst) + ".." +
                          std::to_string(G.baseLast()) + " pages"},
  };
  if (G.Random) {
    R.Parameters.push_back(
        {"random area", pagesText(G.Random, S.PageSize) + " (" +
                            std::to_string(S.RandomNum) + "/" +
                            std::to_string(S.RandomDen) + ")"});
    R.Parameters.push_back({"tries", std::to_string(G.Tries)});
    R.Parameters.push_back({"fallback", spelling(S.OnFailure).str()});
  }
  if (G.Random)
    randomArea(G);
  else
    sharedBase(G);
}

void Evaluator::sharedBase(const AreaGeometry &G) {
  Proofs.proveAreaLemmas(G, /*SharedBase=*/true);
  std::vector<uint64_t> Modules = leakModules(S);
  SharedBaseOutcomes Out = enumerateSharedBase(G, Set, S.Eval.N, Modules);
  double Positions = double(G.BasePositions);
  for (size_t I = 0; I < R.Series.size(); ++I) {
    SeriesPoint &P = R.Series[I];
    P.BoundBits = figure(Proofs.sharedBaseBound(G, Set, P.N, Set.Probe));
    P.BoundMethod = "shared base: every module moves with the one base offset";
    auto [Guess, Count] = mostFrequent(Out.Probe[I]);
    P.MeasuredBits = bitsEstimate(double(Count) / Positions, 0, true);
    if (Guess != UINT32_MAX)
      P.BestGuessPage = int64_t(Guess);
    P.LimitBits = std::log2(Positions);
  }
  for (const LeakPair &L : S.Eval.Leaks) {
    LeakResult Leak;
    Leak.Known = L.Known;
    Leak.Target = L.Target;
    Leak.BoundBits = figure(Proofs.sharedBaseLeak(G, Set, L.Known, L.Target));
    Leak.BoundMethod = "the known module's start determines the base offset";
    Leak.MeasuredBits = exactLeak(Out.Module[indexOf(Modules, L.Known)],
                                  Out.Module[indexOf(Modules, L.Target)]);
    R.Leaks.push_back(Leak);
  }
  R.Notes.push_back("no random area: the measured figures enumerate all " +
                    std::to_string(G.BasePositions) + " base offsets exactly");
}

void Evaluator::randomArea(const AreaGeometry &G) {
  Proofs.proveAreaLemmas(G, /*SharedBase=*/false);
  std::vector<AreaPointEstimate> Est = simulateModuleArea(
      G, Set, S.Eval.N, S.Simulation.Seed, S.Simulation.Runs, Threads);
  uint64_t NotIntegrable = 0;
  for (size_t I = 0; I < R.Series.size(); ++I) {
    SeriesPoint &P = R.Series[I];
    ProbabilityBound Fall;
    P.BoundBits = figure(Proofs.randomAreaBound(G, Set, P.N, Set.Probe, &Fall));
    P.BoundMethod = "worst-case occupancy: free random starts and fallback "
                    "probability after all tries";
    P.FallbackBound = ProvedFigure();
    P.FallbackBound->Status = Fall.Status;
    P.FallbackBound->Problem = Fall.Problem;
    if (Fall.Status == smt::Status::Proved)
      P.FallbackBound->Value = Fall.Probability;
    const AreaPointEstimate &E = Est[I];
    P.MeasuredBits = bitsEstimate(E.Mean, E.StdErr, false);
    if (E.BestGuess)
      P.BestGuessPage = int64_t(*E.BestGuess);
    Estimate F;
    F.Value = E.FallbackMean;
    F.Low = std::max(0.0, E.FallbackMean - 1.96 * E.FallbackStdErr);
    F.High = std::min(1.0, E.FallbackMean + 1.96 * E.FallbackStdErr);
    P.FallbackProbability = F;
    P.LimitBits = std::log2(double(G.positions(uint32_t(Set.Probe))));
    if (Fall.Status == smt::Status::Proved && Fall.Probability < 1) {
      P.CapBits = P.LimitBits - std::log2(1 - Fall.Probability);
      P.MeasuredBits = clampBits(P.MeasuredBits, *P.CapBits);
    }
    NotIntegrable += E.NotIntegrable;
    Estimate Drawn;
    Drawn.Value = E.DrawnFallbackMean;
    Drawn.Low =
        std::max(0.0, E.DrawnFallbackMean - 1.96 * E.DrawnFallbackStdErr);
    Drawn.High =
        std::min(1.0, E.DrawnFallbackMean + 1.96 * E.DrawnFallbackStdErr);
    P.DrawnFallbackProbability = Drawn;
    // The 2018 proposal's method: the fallback spread over the base
    // offsets, the rest uniform over the random area.
    double Pf = E.DrawnFallbackMean;
    P.ProposalEstimateBits =
        std::min(Pf > 0 ? bitsOf(Pf / double(G.BasePositions))
                        : std::numeric_limits<double>::infinity(),
                 bitsOf((1 - Pf) / double(G.Random)));
  }
  for (const LeakPair &L : S.Eval.Leaks) {
    LeakResult Leak;
    Leak.Known = L.Known;
    Leak.Target = L.Target;
    Leak.BoundBits = figure(Proofs.randomAreaLeak(G, Set, L.Known, L.Target));
    Leak.BoundMethod =
        L.Known < L.Target
            ? "the target's worst-case bound holds for every history of the "
              "modules loaded before it"
            : "the target's bound, less log2 of how many starts the known "
              "module can take at most once each";
    R.Leaks.push_back(Leak);
  }
  R.Notes.push_back(std::to_string(S.Simulation.Runs) +
                    " runs to choose each best guess, " +
                    std::to_string(S.Simulation.Runs) +
                    " more to estimate it; " + std::to_string(NotIntegrable) +
                    " estimate contributions used the run's own base offset "
                    "only");
}

void Evaluator::kernelWindows() {
  WindowsGeometry G = windowsGeometry(S);
  R.Parameters.push_back(
      {"kernel image", pagesText(uint64_t(G.Kernel), S.PageSize)});
  for (size_t J = 0; J < G.count(); ++J)
    R.Parameters.push_back({"window " + std::to_string(J),
                            pagesText(uint64_t(G.Window[J]), S.PageSize) +
                                ", offsets 0.." +
                                std::to_string(G.maxOffset(J))});
  Proofs.proveWindowsLemmas();
  std::vector<uint64_t> Modules = leakModules(S);
  UnboundedRuns U = runUnbounded(G, Set, S.Eval.N, Modules);
  std::vector<WindowsPointEstimate> Est = simulateWindows(
      G, Set, S.Eval.N, U, S.Simulation.Seed, S.Simulation.Runs, Threads);
  int64_t Offsets0 = G.maxOffset(0) + 1;
  for (size_t I = 0; I < R.Series.size(); ++I) {
    SeriesPoint &P = R.Series[I];
    const UnboundedRuns::Point &UP = U.Points[I];
    ProbabilityBound Fall;
    P.BoundBits = figure(Proofs.windowsBound(G, UP, P.N, Set.Probe,
                                             G.count() > 1 ? &Fall : nullptr));
    P.BoundMethod = "every inner window offset enumerated; outer offsets "
                    "below the pages taken charged in full";
    const WindowsPointEstimate &E = Est[I];
    P.MeasuredBits = bitsEstimate(E.Mean, E.StdErr, E.Exact);
    if (E.BestGuess != WindowsPlacement::Failed)
      P.BestGuessPage = E.BestGuess;
    // The limit: log2 of the starts the N-th module can take, at most the
    // combinations of the offsets it depends on and at most the pages from
    // the lowest start of the outermost window it can reach to its end.
    bool Outer = false;
    for (int64_t P0 = 0; P0 < Offsets0; ++P0)
      Outer |= UP.Spill[P0] > 0 || UP.Window[P0] > 0;
    size_t Reach = Outer ? G.count() - 1 : 0;
    double Outcomes = 0, Span = double(G.Window[Reach]) - double(Set.Probe) + 1;
    for (size_t J = 0; J <= Reach; ++J) {
      Outcomes += std::log2(double(G.maxOffset(J)) + 1);
      Span += double(G.maxOffset(J));
    }
    P.LimitBits = std::min(Outcomes, std::log2(Span));
    if (G.count() > 1) {
      Estimate F;
      F.Exact = E.Exact;
      F.Value = E.FallbackMean;
      F.Low = std::max(0.0, E.FallbackMean - 1.96 * E.FallbackStdErr);
      F.High = std::min(1.0, E.FallbackMean + 1.96 * E.FallbackStdErr);
      P.FallbackProbability = F;
      P.FallbackBound = ProvedFigure();
      P.FallbackBound->Status = Fall.Status;
      P.FallbackBound->Problem = Fall.Problem;
      if (Fall.Status == smt::Status::Proved)
        P.FallbackBound->Value = Fall.Probability;
    }
  }
  for (const LeakPair &L : S.Eval.Leaks) {
    LeakResult Leak;
    Leak.Known = L.Known;
    Leak.Target = L.Target;
    size_t K = indexOf(Modules, L.Known), T = indexOf(Modules, L.Target);
    bool Inner = true;
    for (int64_t P0 = 0; P0 < Offsets0; ++P0)
      Inner &= !U.OuterBefore[K][P0] && !U.OuterBefore[T][P0];
    if (Inner) {
      ProbabilityBound B = Proofs.windowsLeak(
          G, U.ModuleStart[K], U.ModuleStart[T], L.Known, L.Target);
      Leak.BoundBits = figure(B);
      Leak.BoundMethod = "exact: both modules stay in the inner window for "
                         "every offset, all offsets enumerated";
      Leak.MeasuredBits = bitsEstimate(B.Probability, 0, true);
    } else {
      Leak.BoundBits.Status = smt::Status::Proved;
      Leak.BoundBits.Value = 0;
      Leak.BoundMethod = "none beyond 0 bits: the modules reach an outer "
                         "window for some offsets";
    }
    R.Leaks.push_back(Leak);
  }
  R.Notes.push_back(
      "addresses are relative to the kernel image, which the attacker is "
      "assumed to know (kernel text KASLR is a separate scheme)");
  bool AnySampled = false;
  for (const WindowsPointEstimate &E : Est)
    AnySampled |= !E.Exact;
  R.Notes.push_back(
      AnySampled ? "inner window offsets enumerated; " +
                       std::to_string(S.Simulation.Runs) +
                       " samples of the outer offsets per phase below the "
                       "stratum threshold, exact above it"
                 : "every figure is exact: no module reaches an outer window");
}

double Evaluator::closedFormBits(const AreaGeometry &G, uint64_t N) const {
  uint64_t Len = Set.Probe;
  uint64_t Positions = G.positions(uint32_t(Len));
  uint64_t Blocked = Set.Loaded[N - 1] + (N - 1) * (Len - 1);
  uint64_t F = Positions > Blocked ? Positions - Blocked : 0;
  double RandomBits = F ? std::log2(double(F)) : 0;
  double FallBits =
      G.Tries == 0 || Positions == 0
          ? 0
          : upperPower(Positions - F, Positions, G.Tries).result().bits();
  if (G.Tries > 0 && std::max(Set.MaxUpTo[N - 1], Len) <= G.BaseFirst + 1)
    FallBits += std::log2(double(G.BasePositions));
  return std::min(RandomBits, FallBits);
}

void Evaluator::minBits() {
  std::optional<double> Threshold = O.MinBits ? O.MinBits : S.Eval.MinBits;
  if (!Threshold)
    return;
  MinBitsResult M;
  M.MinBits = *Threshold;
  for (const SeriesPoint &P : R.Series)
    if (P.MeasuredBits.Value < M.MinBits) {
      M.MeasuredBelowAt = P.N;
      break;
    }
  if (Area && Area->Random) {
    // The bound only falls as N grows (fewer sure-free starts, likelier
    // fallback), so the first N below the threshold is found by scanning.
    M.BoundSearchedEveryN = true;
    for (uint64_t N = 1; N <= S.Eval.N.back(); ++N)
      if (closedFormBits(*Area, N) < M.MinBits) {
        M.BoundBelowAt = N;
        break;
      }
    if (M.BoundBelowAt && *M.BoundBelowAt > 1)
      M.BoundBefore = figure(Proofs.randomAreaBound(
          *Area, Set, *M.BoundBelowAt - 1, Set.Probe, nullptr,
          "min-bits/min-entropy(" + std::to_string(*M.BoundBelowAt - 1) + ")"));
  } else {
    for (const SeriesPoint &P : R.Series)
      if (P.BoundBits.Value && *P.BoundBits.Value < M.MinBits) {
        M.BoundBelowAt = P.N;
        break;
      }
    M.BoundSearchedEveryN = Area.has_value();
  }
  R.MinBits = M;
}

} // namespace

PlacementResult evaluatePlacement(const PlacementScheme &Scheme,
                                  const ModelOptions &Options) {
  return Evaluator(Scheme, Options).run();
}

} // namespace kharden::placement

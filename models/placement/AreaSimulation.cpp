#include "models/placement/AreaSimulation.h"
#include "models/placement/AreaRun.h"
#include "models/placement/FreeMap.h"
#include "models/placement/Random.h"
#include "models/placement/RunStatistics.h"
#include "support/ForEachIndex.h"

#include <algorithm>
#include <cmath>

namespace kharden::placement {

namespace {

/// Phase-1 weights are summed as fixed-point integers, so that the sum (and
/// the best guess) is the same whatever order threads add them in.
constexpr double Scale = 0x1.0p44;

int64_t fixedPoint(double W) { return int64_t(std::llround(W * Scale)); }

void atomicAdd(int64_t &Slot, int64_t V) {
  __atomic_fetch_add(&Slot, V, __ATOMIC_RELAXED);
}

/// What phase 1 gathers for one N to choose the best guess. A random-area
/// start's probability in a run is (1 - P(fallback)) / F when it is free:
/// summing those weights directly is dominated by the few runs where F is
/// small (large probes, crowded areas), so the score of a start is instead
/// how often it is free times the mean weight, which ranks the starts by
/// the same quantity with far less noise. Fallback addresses carry their
/// probability directly. All sums are integers (counts and fixed-point), so
/// they do not depend on the order threads add them in.
struct Selection {
  std::vector<int64_t> FreeDiff;     ///< runs in which each start is free
  std::vector<int64_t> FallbackDiff; ///< fallback probability per start
  int64_t UniformSum = 0;            ///< sum over runs of the free weight

  explicit Selection(uint32_t Pages)
      : FreeDiff(size_t(Pages) + 2, 0), FallbackDiff(size_t(Pages) + 2, 0) {}

  void add(const ProbeDistribution &D, const FreeMap &Free, uint32_t Pages) {
    auto Range = [](std::vector<int64_t> &Diff, uint32_t Lo, uint32_t Hi,
                    int64_t V) {
      if (V == 0)
        return;
      atomicAdd(Diff[Lo], V);
      atomicAdd(Diff[size_t(Hi) + 1], -V);
    };
    atomicAdd(UniformSum, fixedPoint(D.Uniform));
    if (D.Positions && D.Uniform > 0)
      Free.forEachFreeStartRange(
          D.Len, D.Positions,
          [&](uint32_t Lo, uint32_t Hi) { Range(FreeDiff, Lo, Hi, 1); });
    // Starts whose weight depends on the base offset: the fallback array
    // carries their difference from the uniform weight.
    for (const auto &[Start, W] : D.Special) {
      if (Free.isFree(Start, D.Len))
        Range(FallbackDiff, Start, Start, fixedPoint(-D.Uniform));
      Range(FallbackDiff, Start, Start, fixedPoint(W));
    }
    for (const auto &[Start, W] : D.Fallback) {
      uint32_t At = Start == ProbeDistribution::Failed ? Pages : Start;
      Range(FallbackDiff, At, At, fixedPoint(W));
    }
  }

  /// The start with the highest score (ties: the lowest); Pages: failure.
  uint32_t best(uint32_t Pages, unsigned Runs) const {
    double MeanUniform = double(UniformSum) / Scale / double(Runs);
    int64_t Free = 0, Fallback = 0;
    double BestScore = -1;
    uint32_t Best = 0;
    for (uint32_t X = 0; X <= Pages; ++X) {
      Free += FreeDiff[X];
      Fallback += FallbackDiff[X];
      double Score = double(Free) * MeanUniform + double(Fallback) / Scale;
      if (Score > BestScore) {
        BestScore = Score;
        Best = X;
      }
    }
    return Best;
  }
};

/// P(probe at X) under one run's distribution (X == Pages: failure).
double probabilityAt(const ProbeDistribution &D, const FreeMap &Free,
                     uint32_t Pages, uint32_t X) {
  double P = 0;
  for (const auto &[Start, W] : D.Fallback)
    if ((Start == ProbeDistribution::Failed ? Pages : Start) == X)
      P += W;
  if (X >= D.Positions)
    return P;
  for (const auto &[Start, W] : D.Special)
    if (Start == X)
      return P + W;
  if (Free.isFree(X, D.Len))
    P += D.Uniform;
  return P;
}

} // namespace

std::vector<AreaPointEstimate> simulateModuleArea(const AreaGeometry &G,
                                                  const ModuleSet &Set,
                                                  llvm::ArrayRef<uint64_t> Ns,
                                                  uint64_t Seed, unsigned Runs,
                                                  unsigned Threads) {
  size_t Points = Ns.size();
  uint64_t Last = Ns.back();
  uint32_t Probe = uint32_t(Set.Probe);
  Threads = std::max(1u, std::min(Threads, Runs));

  // Phase 1: choose the best guess for each N.
  std::vector<Selection> Select(Points, Selection(G.Pages));
  std::vector<std::vector<double>> FallbackValues(
      Points, std::vector<double>(2 * size_t(Runs), 0));
  std::vector<std::vector<double>> DrawnValues(
      Points, std::vector<double>(2 * size_t(Runs), 0));
  forEachIndex(Runs, Threads, [&](unsigned Run) {
    Rng R(Seed, StreamSelection + Run);
    AreaRun A(G);
    A.start(R);
    size_t Point = 0;
    for (uint64_t M = 1; M <= Last; ++M) {
      if (M == Ns[Point]) {
        ProbeDistribution D = A.probe(Probe, /*Spread=*/true);
        Select[Point].add(D, A.freeMap(), G.Pages);
        FallbackValues[Point][Run] = D.FallbackProbability;
        DrawnValues[Point][Run] = A.fallbackProbability(Set.Distribution);
        ++Point;
      }
      if (M < Last)
        A.place(R, uint32_t(Set.Footprint[M - 1]));
    }
  });
  std::vector<uint32_t> Guess(Points);
  for (size_t P = 0; P < Points; ++P)
    Guess[P] = Select[P].best(G.Pages, Runs);
  Select.clear();

  // Phase 2: estimate the probability of each guess on fresh runs.
  std::vector<std::vector<double>> Values(Points, std::vector<double>(Runs, 0));
  std::vector<std::vector<uint8_t>> Integrable(Points,
                                               std::vector<uint8_t>(Runs, 0));
  forEachIndex(Runs, Threads, [&](unsigned Run) {
    Rng R(Seed, StreamEstimate + Run);
    AreaRun A(G);
    A.start(R);
    size_t Point = 0;
    for (uint64_t M = 1; M <= Last; ++M) {
      if (M == Ns[Point]) {
        ProbeDistribution D = A.probe(Probe);
        Values[Point][Run] =
            probabilityAt(D, A.freeMap(), G.Pages, Guess[Point]);
        Integrable[Point][Run] = A.integrable();
        FallbackValues[Point][Runs + Run] = D.FallbackProbability;
        DrawnValues[Point][Runs + Run] =
            A.fallbackProbability(Set.Distribution);
        ++Point;
      }
      if (M < Last)
        A.place(R, uint32_t(Set.Footprint[M - 1]));
    }
  });

  std::vector<AreaPointEstimate> Out(Points);
  for (size_t P = 0; P < Points; ++P) {
    AreaPointEstimate &E = Out[P];
    if (Guess[P] != G.Pages)
      E.BestGuess = Guess[P];
    std::tie(E.Mean, E.StdErr) = meanAndError(Values[P]);
    std::tie(E.FallbackMean, E.FallbackStdErr) =
        meanAndError(FallbackValues[P]);
    std::tie(E.DrawnFallbackMean, E.DrawnFallbackStdErr) =
        meanAndError(DrawnValues[P]);
    for (uint8_t I : Integrable[P])
      E.NotIntegrable += !I;
  }
  return Out;
}

SharedBaseOutcomes enumerateSharedBase(const AreaGeometry &G,
                                       const ModuleSet &Set,
                                       llvm::ArrayRef<uint64_t> Ns,
                                       llvm::ArrayRef<uint64_t> Modules) {
  uint64_t Last = lastModule(Ns, Modules);
  SharedBaseOutcomes Out;
  Out.Probe.assign(Ns.size(), {});
  Out.Module.assign(Modules.size(), {});
  FreeMap Free;
  for (uint32_t I = 0; I < G.BasePositions; ++I) {
    uint32_t Lo = G.windowStart(G.BaseFirst + I);
    Free.reset(G.Pages, 0);
    size_t Point = 0;
    for (uint64_t M = 1; M <= Last; ++M) {
      if (Point < Ns.size() && M == Ns[Point]) {
        auto At = Free.firstFit(uint32_t(Set.Probe), Lo, G.Pages);
        Out.Probe[Point++].push_back(At ? *At : UINT32_MAX);
      }
      uint32_t Len = uint32_t(Set.Footprint[M - 1]);
      auto At = Free.firstFit(Len, Lo, G.Pages);
      if (At)
        Free.allocate(*At, Len);
      for (size_t K = 0; K < Modules.size(); ++K)
        if (Modules[K] == M)
          Out.Module[K].push_back(At ? *At : UINT32_MAX);
    }
  }
  return Out;
}

std::pair<uint32_t, uint64_t> mostFrequent(std::vector<uint32_t> Values) {
  std::sort(Values.begin(), Values.end());
  uint32_t Best = 0;
  uint64_t BestCount = 0;
  for (size_t I = 0; I < Values.size();) {
    size_t J = I;
    while (J < Values.size() && Values[J] == Values[I])
      ++J;
    if (J - I > BestCount) {
      BestCount = J - I;
      Best = Values[I];
    }
    I = J;
  }
  return {Best, BestCount};
}

} // namespace kharden::placement

#include "models/placement/WindowsSimulation.h"
#include "models/placement/Random.h"
#include "models/placement/RunStatistics.h"
#include "support/ForEachIndex.h"

#include <algorithm>
#include <cmath>
#include <mutex>

namespace kharden::placement {

namespace {

/// Walks the module set for fixed offsets, reporting the probe's placement
/// at every N (OnProbe(Point, Placement, Spill)) and every module's
/// (OnModule(M, Placement, Spill)); Spill counts pages the outer windows
/// took so far. Two windows (arm64) take a path with the state in locals:
/// the enumeration runs it billions of times.
template <typename ProbeFn, typename ModuleFn>
void walk(const WindowsGeometry &G, const ModuleSet &Set,
          const std::vector<int64_t> &Offsets, llvm::ArrayRef<uint64_t> Ns,
          uint64_t Last, ProbeFn OnProbe, ModuleFn OnModule) {
  int64_t Probe = int64_t(Set.Probe);
  int64_t Spill = 0;
  size_t Point = 0;
  if (G.count() == 2) {
    const int64_t K = G.Kernel, P0 = Offsets[0], P1 = Offsets[1];
    const int64_t End0 = -P0 + G.Window[0];
    const int64_t Gap1 = -P0 - P1, End1 = Gap1 + G.Window[1];
    int64_t U0 = 0, Above = 0, U1 = 0;
    auto Where = [&](int64_t L) -> WindowsPlacement {
      if (U0 + L <= P0)
        return {0, -P0 + U0};
      if (K + Above + L <= End0)
        return {0, K + Above};
      if (U1 + L <= P1)
        return {1, Gap1 + U1};
      if (K + Above + L <= End1)
        return {1, K + Above};
      return {-1, WindowsPlacement::Failed};
    };
    for (uint64_t M = 1; M <= Last; ++M) {
      if (Point < Ns.size() && M == Ns[Point])
        OnProbe(Point++, Where(Probe), Spill);
      int64_t L = int64_t(Set.Footprint[M - 1]);
      WindowsPlacement P = Where(L);
      if (P.Window == 0) {
        if (P.Start < 0)
          U0 += L;
        else
          Above += L;
      } else if (P.Window == 1) {
        if (P.Start < 0)
          U1 += L;
        else
          Above += L;
        Spill += L;
      }
      OnModule(M, P, Spill);
    }
    return;
  }
  WindowsRun Run(G, Offsets);
  for (uint64_t M = 1; M <= Last; ++M) {
    if (Point < Ns.size() && M == Ns[Point])
      OnProbe(Point++, Run.where(Probe), Spill);
    int64_t L = int64_t(Set.Footprint[M - 1]);
    WindowsPlacement P = Run.place(L);
    if (P.Window > 0)
      Spill += L;
    OnModule(M, P, Spill);
  }
}

/// Phase-1 weights as fixed-point integers: the sums do not depend on the
/// order threads add them in.
constexpr double Scale = 0x1.0p44;
int64_t fixedPoint(double W) { return int64_t(std::llround(W * Scale)); }

/// Weights over start pages as a difference map, plus failures.
struct Tally {
  std::map<int64_t, int64_t> Diff;
  int64_t Failed = 0;
  void add(int64_t Lo, int64_t Hi, int64_t W) {
    Diff[Lo] += W;
    Diff[Hi + 1] -= W;
  }
  void merge(const Tally &O) {
    for (const auto &[K, V] : O.Diff)
      Diff[K] += V;
    Failed += O.Failed;
  }
  /// The heaviest start (ties: the lowest), or Failed.
  int64_t best() const {
    int64_t Running = 0, Best = -1, At = WindowsPlacement::Failed;
    for (const auto &[K, V] : Diff) {
      Running += V;
      if (Running > Best) {
        Best = Running;
        At = K;
      }
    }
    return Failed > Best ? WindowsPlacement::Failed : At;
  }
};

} // namespace

UnboundedRuns runUnbounded(const WindowsGeometry &G, const ModuleSet &Set,
                           llvm::ArrayRef<uint64_t> Ns,
                           llvm::ArrayRef<uint64_t> Modules) {
  UnboundedRuns U;
  int64_t Offsets0 = G.maxOffset(0) + 1;
  U.Points.resize(Ns.size());
  for (UnboundedRuns::Point &P : U.Points) {
    P.Window.resize(Offsets0);
    P.Start.resize(Offsets0);
    P.Spill.resize(Offsets0);
  }
  U.ModuleStart.assign(Modules.size(), std::vector<int64_t>(Offsets0));
  U.OuterBefore.assign(Modules.size(), std::vector<uint8_t>(Offsets0));
  uint64_t Last = lastModule(Ns, Modules);
  std::vector<int64_t> Offsets(G.count(), WindowsRun::Unbounded);
  for (int64_t P0 = 0; P0 < Offsets0; ++P0) {
    Offsets[0] = P0;
    // The gap below window 0 starts at -P0 - Unbounded; outer starts are
    // kept relative to it.
    int64_t Gap1 = -P0 - WindowsRun::Unbounded;
    walk(
        G, Set, Offsets, Ns, Last,
        [&](size_t Point, WindowsPlacement P, int64_t Spill) {
          UnboundedRuns::Point &Out = U.Points[Point];
          Out.Window[P0] = int8_t(P.Window);
          Out.Start[P0] = P.Window > 0 ? P.Start - Gap1 : P.Start;
          Out.Spill[P0] = Spill;
        },
        [&](uint64_t M, WindowsPlacement P, int64_t Spill) {
          for (size_t K = 0; K < Modules.size(); ++K)
            if (Modules[K] == M) {
              U.ModuleStart[K][P0] =
                  P.Window == 0 ? P.Start : WindowsPlacement::Failed;
              U.OuterBefore[K][P0] = Spill > 0 || P.Window != 0;
            }
        });
  }
  return U;
}

std::vector<WindowsPointEstimate>
simulateWindows(const WindowsGeometry &G, const ModuleSet &Set,
                llvm::ArrayRef<uint64_t> Ns, const UnboundedRuns &Unbounded,
                uint64_t Seed, unsigned Runs, unsigned Threads) {
  size_t Points = Ns.size();
  int64_t Offsets0 = G.maxOffset(0) + 1;
  int64_t Probe = int64_t(Set.Probe);
  std::vector<WindowsPointEstimate> Out(Points);

  // The stratum boundary: from T on, every outer placement up to the last
  // N fits the gap below window 0, so the unbounded run is the real one.
  int64_t T = 0;
  if (G.count() > 1)
    for (const UnboundedRuns::Point &P : Unbounded.Points)
      for (int64_t P0 = 0; P0 < Offsets0; ++P0)
        T = std::max(T, P.Spill[P0] + (P.Window[P0] > 0 ? Probe : 0));
  int64_t Offsets1 = G.count() > 1 ? G.maxOffset(1) + 1 : 1;
  T = std::min(T, Offsets1);
  double Sampled = double(T) / double(Offsets1);
  double Denominator = double(Offsets0) * double(Offsets1);

  // The exact stratum (outer offset >= T), as weights per start.
  std::vector<Tally> Exact(Points);
  std::vector<double> ExactOuter(Points, 0);
  for (size_t N = 0; N < Points; ++N) {
    const UnboundedRuns::Point &P = Unbounded.Points[N];
    for (int64_t P0 = 0; P0 < Offsets0; ++P0) {
      if (P.Window[P0] < 0) {
        Exact[N].Failed += fixedPoint(double(Offsets1 - T) / Denominator);
      } else if (P.Window[P0] == 0) {
        int64_t W = fixedPoint(double(Offsets1 - T) / Denominator);
        Exact[N].add(P.Start[P0], P.Start[P0], W);
      } else {
        // Start -P0 - P1 + U1 for every P1 in [T, Offsets1).
        int64_t U1 = P.Start[P0];
        Exact[N].add(-P0 - (Offsets1 - 1) + U1, -P0 - T + U1,
                     fixedPoint(1.0 / Denominator));
        ExactOuter[N] += double(Offsets1 - T) / Denominator;
      }
    }
  }

  auto SampleOffsets = [&](Rng &R) {
    std::vector<int64_t> Offsets(G.count());
    for (size_t J = 1; J < G.count(); ++J)
      Offsets[J] = J == 1 ? int64_t(R.below(uint64_t(T)))
                          : int64_t(R.below(uint64_t(G.maxOffset(J)) + 1));
    return Offsets;
  };
  /// One sample: the probe's start for every p0, and the share of p0 that
  /// put the probe in an outer window.
  auto RunSample = [&](Rng &R, std::vector<std::vector<int64_t>> &Starts,
                       std::vector<double> &OuterShare) {
    std::vector<int64_t> Offsets = SampleOffsets(R);
    Starts.assign(Points, std::vector<int64_t>(Offsets0));
    OuterShare.assign(Points, 0);
    for (int64_t P0 = 0; P0 < Offsets0; ++P0) {
      Offsets[0] = P0;
      walk(
          G, Set, Offsets, Ns, Ns.back(),
          [&](size_t Point, WindowsPlacement P, int64_t) {
            Starts[Point][P0] = P.Start;
            OuterShare[Point] += P.Window > 0 ? 1.0 / double(Offsets0) : 0;
          },
          [](uint64_t, WindowsPlacement, int64_t) {});
    }
  };

  std::vector<int64_t> Guess(Points);
  std::vector<std::vector<double>> OuterValues(Points,
                                               std::vector<double>(2 * Runs));
  // The best guess comes from the exact stratum alone when it holds most of
  // the probability: a few samples of the other stratum add peaks that are
  // mostly noise (the outer windows spread modules over ~2^19 starts).
  bool SelectFromSamples = T > 0 && Sampled > 0.5;
  if (SelectFromSamples) {
    // Phase 1: sampled stratum added to the exact one, then the best guess.
    std::vector<Tally> Total = Exact;
    std::mutex Lock;
    forEachIndex(Runs, Threads, [&](unsigned Run) {
      Rng R(Seed, StreamSelection + Run);
      std::vector<std::vector<int64_t>> Starts;
      std::vector<double> Share;
      RunSample(R, Starts, Share);
      std::vector<Tally> Mine(Points);
      int64_t W = fixedPoint(Sampled / double(Runs) / double(Offsets0));
      for (size_t N = 0; N < Points; ++N) {
        for (int64_t S : Starts[N]) {
          if (S == WindowsPlacement::Failed)
            Mine[N].Failed += W;
          else
            Mine[N].add(S, S, W);
        }
        OuterValues[N][Run] = Share[N];
      }
      std::lock_guard<std::mutex> Guard(Lock);
      for (size_t N = 0; N < Points; ++N)
        Total[N].merge(Mine[N]);
    });
    for (size_t N = 0; N < Points; ++N)
      Guess[N] = Total[N].best();
  } else {
    for (size_t N = 0; N < Points; ++N)
      Guess[N] = Exact[N].best();
  }

  // The exact stratum's probability of each guess.
  std::vector<double> ExactAt(Points, 0);
  for (size_t N = 0; N < Points; ++N) {
    const UnboundedRuns::Point &P = Unbounded.Points[N];
    for (int64_t P0 = 0; P0 < Offsets0; ++P0) {
      if (P.Window[P0] < 0) {
        if (Guess[N] == WindowsPlacement::Failed)
          ExactAt[N] += double(Offsets1 - T) / Denominator;
      } else if (P.Window[P0] == 0) {
        if (P.Start[P0] == Guess[N])
          ExactAt[N] += double(Offsets1 - T) / Denominator;
      } else if (Guess[N] != WindowsPlacement::Failed) {
        int64_t U1 = P.Start[P0];
        if (Guess[N] >= -P0 - (Offsets1 - 1) + U1 && Guess[N] <= -P0 - T + U1)
          ExactAt[N] += 1.0 / Denominator;
      }
    }
  }

  // Phase 2: the sampled stratum's probability of each guess.
  std::vector<std::vector<double>> Values(Points, std::vector<double>(Runs));
  unsigned FirstFallbackValue = SelectFromSamples ? 0 : Runs;
  if (T > 0)
    forEachIndex(Runs, Threads, [&](unsigned Run) {
      Rng R(Seed, StreamEstimate + Run);
      std::vector<std::vector<int64_t>> Starts;
      std::vector<double> Share;
      RunSample(R, Starts, Share);
      for (size_t N = 0; N < Points; ++N) {
        uint64_t Hits =
            std::count(Starts[N].begin(), Starts[N].end(), Guess[N]);
        Values[N][Run] = double(Hits) / double(Offsets0);
        OuterValues[N][Runs + Run] = Share[N];
      }
    });

  for (size_t N = 0; N < Points; ++N) {
    WindowsPointEstimate &E = Out[N];
    E.BestGuess = Guess[N];
    // Exact when nothing up to the probe reaches an outer window for any
    // inner offset: then no outer offset matters.
    const UnboundedRuns::Point &P = Unbounded.Points[N];
    E.Exact = true;
    for (int64_t P0 = 0; P0 < Offsets0 && E.Exact; ++P0)
      E.Exact = P.Spill[P0] == 0 && P.Window[P0] <= 0;
    if (E.Exact) {
      // Every inner offset's outcome holds for every outer offset.
      uint64_t Hits = 0;
      for (int64_t P0 = 0; P0 < Offsets0; ++P0)
        Hits += (P.Window[P0] < 0 ? WindowsPlacement::Failed : P.Start[P0]) ==
                Guess[N];
      E.Mean = double(Hits) / double(Offsets0);
      continue;
    }
    if (T == 0) {
      E.Mean = ExactAt[N];
      E.FallbackMean = ExactOuter[N];
      continue;
    }
    auto [Mean, Err] = meanAndError(Values[N]);
    E.Mean = ExactAt[N] + Sampled * Mean;
    E.StdErr = Sampled * Err;
    auto [OMean, OErr] = meanAndError(std::vector<double>(
        OuterValues[N].begin() + FirstFallbackValue, OuterValues[N].end()));
    E.FallbackMean = ExactOuter[N] + Sampled * OMean;
    E.FallbackStdErr = Sampled * OErr;
  }
  return Out;
}

ExactWindows enumerateWindows(const WindowsGeometry &G, const ModuleSet &Set,
                              llvm::ArrayRef<uint64_t> Ns) {
  ExactWindows E;
  E.Counts.resize(Ns.size());
  E.Outer.assign(Ns.size(), 0);
  std::vector<int64_t> Offsets(G.count(), 0);
  while (true) {
    ++E.Total;
    walk(
        G, Set, Offsets, Ns, Ns.back(),
        [&](size_t Point, WindowsPlacement P, int64_t) {
          ++E.Counts[Point][P.Start];
          E.Outer[Point] += P.Window > 0;
        },
        [](uint64_t, WindowsPlacement, int64_t) {});
    size_t J = 0;
    while (J < G.count() && ++Offsets[J] > G.maxOffset(J))
      Offsets[J++] = 0;
    if (J == G.count())
      break;
  }
  return E;
}

} // namespace kharden::placement

// The allocator structures against brute force, the simulation against
// exact enumeration on miniature areas, determinism for a seed, and the
// upward-rounded powers the proofs use.
#include "models/placement/AreaGeometry.h"
#include "models/placement/AreaSimulation.h"
#include "models/placement/Dyadic.h"
#include "models/placement/ExactArea.h"
#include "models/placement/FreeMap.h"
#include "models/placement/ModuleSet.h"
#include "models/placement/PlacementModel.h"
#include "models/placement/PlacementScheme.h"
#include "models/placement/Random.h"
#include "models/placement/WindowsSimulation.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace kharden::placement;

namespace {

std::string corpus(const std::string &Name) {
  return std::string(KHARDEN_SOURCE_ROOT) + "/corpus/schemes/" + Name;
}

PlacementScheme scheme(const std::string &Name) {
  auto S = readPlacementScheme(corpus(Name));
  EXPECT_TRUE(bool(S)) << llvm::toString(S.takeError());
  return *S;
}

/// Free starts for Len below NrPos in a page bitmap.
std::vector<uint32_t> bruteFree(const std::vector<bool> &Used, uint32_t Len,
                                uint32_t NrPos) {
  std::vector<uint32_t> Out;
  for (uint32_t P = 0; P < NrPos && P + Len <= Used.size(); ++P) {
    bool Ok = true;
    for (uint32_t I = P; I < P + Len && Ok; ++I)
      Ok = !Used[I];
    if (Ok)
      Out.push_back(P);
  }
  return Out;
}

TEST(FreeMap, CountSelectAndFirstFitMatchBruteForce) {
  const uint32_t Pages = 300, Random = 200;
  Rng R(11, 0);
  for (int Round = 0; Round < 20; ++Round) {
    FreeMap M;
    M.reset(Pages, Random);
    std::vector<bool> Used(Pages, false);
    for (int Step = 0; Step < 60; ++Step) {
      uint32_t Len = 1 + uint32_t(R.below(12));
      uint32_t NrPos = std::min(Pages - Len + 1, Random);
      std::vector<uint32_t> Free = bruteFree(Used, Len, NrPos);
      ASSERT_EQ(M.countFree(Len, NrPos), Free.size());
      // Every start is selected exactly once over K.
      std::vector<uint32_t> Selected;
      for (uint64_t K = 0; K < Free.size(); ++K)
        Selected.push_back(M.selectFree(Len, NrPos, K));
      std::sort(Selected.begin(), Selected.end());
      ASSERT_EQ(Selected, Free);
      uint32_t Lo = uint32_t(R.below(Pages));
      std::optional<uint32_t> Fit = M.firstFit(Len, Lo, Pages);
      std::optional<uint32_t> Brute;
      for (uint32_t P = Lo; P + Len <= Pages && !Brute; ++P)
        if (std::none_of(Used.begin() + P, Used.begin() + P + Len,
                         [](bool B) { return B; }))
          Brute = P;
      ASSERT_EQ(Fit, Brute);
      // Allocate somewhere: a random free start or the first fit.
      std::optional<uint32_t> At = Fit;
      if (!Free.empty() && R.below(2))
        At = Free[R.below(Free.size())];
      if (At) {
        M.allocate(*At, Len);
        for (uint32_t I = *At; I < *At + Len; ++I)
          Used[I] = true;
      }
    }
  }
}

TEST(Dyadic, UpperPowerBoundsThePowerAndIsTight) {
  for (auto [Num, Den, Power] :
       std::vector<std::tuple<uint64_t, uint64_t, uint64_t>>{
           {1, 2, 10},
           {2, 3, 10000},
           {171000, 172032, 10000},
           {5, 7, 1},
           {999, 1000, 123457}}) {
    PowerChain C = upperPower(Num, Den, Power);
    double Exact = double(Power) * -std::log2(double(Num) / double(Den));
    // Upper bound of the value: at most as many bits as the exact power,
    // and as tight as 62-bit rounding allows down to the 2^-1100 floor.
    EXPECT_LE(C.result().bits(), Exact + 1e-9);
    EXPECT_GE(C.result().bits(), std::min(Exact, 1100.0) * (1 - 1e-12) - 1e-9);
  }
  // Values that would underflow stop at 2^-1100, still an upper bound.
  EXPECT_NEAR(upperPower(1, 3, 100000).result().bits(), 1100, 1e-9);
  EXPECT_EQ(Dyadic::ceilOf(7, 7).rational(), "1/1");
  EXPECT_EQ(Dyadic::ceilOf(1, 2).rational(),
            "2305843009213693952/4611686018427387904");
}

TEST(AreaSimulation, DeterministicForASeedWhateverTheThreads) {
  PlacementScheme S = scheme("module-mini-per-module.yaml");
  AreaGeometry G = areaGeometry(S);
  ModuleSet Set = drawModuleSet(S, S.maxModules());
  auto One = simulateModuleArea(G, Set, S.Eval.N, 5, 300, 1);
  auto Two = simulateModuleArea(G, Set, S.Eval.N, 5, 300, 2);
  auto Again = simulateModuleArea(G, Set, S.Eval.N, 5, 300, 2);
  ASSERT_EQ(One.size(), Two.size());
  for (size_t I = 0; I < One.size(); ++I) {
    EXPECT_EQ(One[I].BestGuess, Two[I].BestGuess);
    EXPECT_EQ(One[I].Mean, Two[I].Mean);
    EXPECT_EQ(One[I].StdErr, Two[I].StdErr);
    EXPECT_EQ(One[I].FallbackMean, Two[I].FallbackMean);
    EXPECT_EQ(Two[I].Mean, Again[I].Mean);
  }
  // Another seed draws other runs.
  auto Other = simulateModuleArea(G, Set, S.Eval.N, 6, 300, 2);
  EXPECT_NE(Other.back().Mean, Two.back().Mean);
}

TEST(AreaSimulation, AgreesWithExactEnumerationOnAMiniatureArea) {
  PlacementScheme S = scheme("module-mini-per-module.yaml");
  AreaGeometry G = areaGeometry(S);
  ASSERT_EQ(G.Pages, 64u);
  ModuleSet Set = drawModuleSet(S, S.maxModules());
  std::vector<ExactAreaPoint> Exact = enumerateModuleArea(G, Set, S.Eval.N);
  std::vector<AreaPointEstimate> Est = simulateModuleArea(
      G, Set, S.Eval.N, S.Simulation.Seed, S.Simulation.Runs, 2);
  for (size_t I = 0; I < Est.size(); ++I) {
    SCOPED_TRACE("N = " + std::to_string(S.Eval.N[I]));
    const AreaPointEstimate &E = Est[I];
    uint32_t Guess = E.BestGuess ? *E.BestGuess : G.Pages;
    double P = Exact[I].Probability[Guess];
    // The estimate of the chosen guess is unbiased: within 4 standard
    // errors of its exact probability.
    EXPECT_NEAR(E.Mean, P, 4 * E.StdErr + 1e-12);
    // The chosen guess is close to the best one.
    EXPECT_GE(P, 0.95 * Exact[I].largest().second);
    EXPECT_NEAR(E.FallbackMean, Exact[I].Fallback,
                4 * E.FallbackStdErr + 1e-12);
    EXPECT_NEAR(E.DrawnFallbackMean, Exact[I].DrawnFallback,
                4 * E.DrawnFallbackStdErr + 1e-12);
    // The distribution sums to one.
    double Total = 0;
    for (const auto &[Start, Q] : Exact[I].Probability)
      Total += Q;
    EXPECT_NEAR(Total, 1.0, 1e-12);
  }
}

TEST(AreaSimulation, ProvedBoundBelowExactBelowLimit) {
  PlacementScheme S = scheme("module-mini-per-module.yaml");
  AreaGeometry G = areaGeometry(S);
  ModuleSet Set = drawModuleSet(S, S.maxModules());
  std::vector<ExactAreaPoint> Exact = enumerateModuleArea(G, Set, S.Eval.N);
  PlacementResult R = evaluatePlacement(S, ModelOptions());
  ASSERT_TRUE(R.allProved());
  for (size_t I = 0; I < R.Series.size(); ++I) {
    double ExactBits = -std::log2(Exact[I].largest().second);
    ASSERT_TRUE(R.Series[I].BoundBits.Value.has_value());
    EXPECT_LE(*R.Series[I].BoundBits.Value, ExactBits + 1e-9);
    EXPECT_LE(R.Series[I].MeasuredBits.Low, R.Series[I].LimitBits + 1e-9);
    EXPECT_LE(*R.Series[I].BoundBits.Value,
              R.Series[I].MeasuredBits.High + 1e-9);
    ASSERT_TRUE(R.Series[I].FallbackBound->Value.has_value());
    EXPECT_LE(Exact[I].Fallback, *R.Series[I].FallbackBound->Value + 1e-12);
  }
}

TEST(SharedBase, EnumerationIsExactAndMatchesTheProof) {
  PlacementScheme S = scheme("module-mini-shared-base.yaml");
  AreaGeometry G = areaGeometry(S);
  ModuleSet Set = drawModuleSet(S, S.maxModules());
  std::vector<ExactAreaPoint> Exact = enumerateModuleArea(G, Set, S.Eval.N);
  PlacementResult R = evaluatePlacement(S, ModelOptions());
  ASSERT_TRUE(R.allProved());
  for (size_t I = 0; I < R.Series.size(); ++I) {
    EXPECT_TRUE(R.Series[I].MeasuredBits.Exact);
    EXPECT_DOUBLE_EQ(R.Series[I].MeasuredBits.Value,
                     -std::log2(Exact[I].largest().second));
    EXPECT_DOUBLE_EQ(*R.Series[I].BoundBits.Value, 4.0); // log2(16)
  }
  ASSERT_EQ(R.Leaks.size(), 1u);
  EXPECT_EQ(*R.Leaks[0].BoundBits.Value, 0.0);
  EXPECT_EQ(R.Leaks[0].MeasuredBits->Value, 0.0);
}

TEST(Windows, AgreesWithExactEnumerationOnAMiniature) {
  PlacementScheme S = scheme("module-mini-windows.yaml");
  WindowsGeometry G = windowsGeometry(S);
  ModuleSet Set = drawModuleSet(S, S.maxModules());
  ExactWindows Exact = enumerateWindows(G, Set, S.Eval.N);
  UnboundedRuns U = runUnbounded(G, Set, S.Eval.N, {});
  std::vector<WindowsPointEstimate> Est = simulateWindows(
      G, Set, S.Eval.N, U, S.Simulation.Seed, S.Simulation.Runs, 2);
  PlacementResult R = evaluatePlacement(S, ModelOptions());
  ASSERT_TRUE(R.allProved());
  for (size_t I = 0; I < Est.size(); ++I) {
    SCOPED_TRACE("N = " + std::to_string(S.Eval.N[I]));
    double Total = double(Exact.Total);
    double P = double(Exact.Counts[I][Est[I].BestGuess]) / Total;
    EXPECT_NEAR(Est[I].Mean, P, 4 * Est[I].StdErr + 1e-12);
    if (Est[I].Exact) {
      EXPECT_DOUBLE_EQ(Est[I].Mean, P);
    }
    uint64_t Largest = 0;
    for (const auto &[Start, Count] : Exact.Counts[I])
      Largest = std::max(Largest, Count);
    double ExactBits = std::log2(Total) - std::log2(double(Largest));
    EXPECT_LE(*R.Series[I].BoundBits.Value, ExactBits + 1e-9);
    EXPECT_LE(ExactBits, R.Series[I].LimitBits + 1e-9);
    EXPECT_NEAR(Est[I].FallbackMean, double(Exact.Outer[I]) / Total,
                4 * Est[I].FallbackStdErr + 1e-12);
    EXPECT_LE(double(Exact.Outer[I]) / Total,
              *R.Series[I].FallbackBound->Value + 1e-12);
  }
}

} // namespace

namespace {

TEST(Proofs, AnUndecidedQueryIsNeverProved) {
  // One unit of Z3's resources decides nothing: every lemma is unknown,
  // and no bound may be reported as proved.
  PlacementScheme S = scheme("module-mini-per-module.yaml");
  S.Simulation.Runs = 20;
  ModelOptions O;
  O.Solver.ResourceLimit = 1;
  PlacementResult R = evaluatePlacement(S, O);
  EXPECT_FALSE(R.allProved());
  for (const LemmaResult &L : R.Lemmas)
    EXPECT_NE(L.Status, kharden::smt::Status::Proved) << L.Name;
  for (const SeriesPoint &P : R.Series) {
    EXPECT_FALSE(P.BoundBits.Value.has_value());
    EXPECT_NE(P.BoundBits.Status, kharden::smt::Status::Proved);
    EXPECT_FALSE(P.BoundBits.Problem.empty());
  }
}

} // namespace

//===- models/placement/PlacementResult.h - what the model found -*- C++
//-*-===//
//
// The figures `kharden prove` reports for one module-placement scheme. Every
// entropy is a min-entropy in bits: -log2 of the probability of the
// attacker's best single guess. Three figures stand side by side for each N:
//  - the proved bound: a lower bound whose every step the solver checked
//    (absent unless all its queries were proved);
//  - the measured value: -log2 of the estimated probability of the best
//    guess a seeded simulation found, with a 95% confidence interval; it
//    estimates the true min-entropy from above, so bound <= true <= measured;
//  - the limit: log2 of the random positions the scheme draws from.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_PLACEMENTRESULT_H
#define KHARDEN_MODELS_PLACEMENT_PLACEMENTRESULT_H

#include "models/solver/Outcome.h"
#include "models/solver/Solver.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace kharden::placement {

/// A figure whose proof may have failed: Value is set only when Status is
/// Proved.
struct ProvedFigure {
  smt::Status Status = smt::Status::Error;
  std::optional<double> Value;
  /// Why it is not proved (unknown/error), empty when proved.
  std::string Problem;
};

/// A simulation estimate: Value and its 95% interval [Low, High]; High may be
/// +infinity (an estimated probability whose interval reaches 0).
struct Estimate {
  double Value = 0;
  double Low = 0;
  double High = 0;
  /// The figure is exact (computed over every outcome, no sampling).
  bool Exact = false;
  /// The estimate came out above what the min-entropy can be, and Value
  /// (and the interval) were lowered to that cap (SeriesPoint::CapBits).
  bool Clamped = false;
};

struct SeriesPoint {
  uint64_t N = 0;
  /// Pages occupied by modules 1..N-1 (guard pages included).
  uint64_t LoadedPages = 0;
  ProvedFigure BoundBits;
  /// Which argument the bound rests on (for reports).
  std::string BoundMethod;
  Estimate MeasuredBits;
  /// The best guess the simulation found: page offset from the area start
  /// (module-area) or from the kernel image start (kernel-windows); absent
  /// when the best guess is "the allocation fails".
  std::optional<int64_t> BestGuessPage;
  double LimitBits = 0;
  /// What the min-entropy cannot exceed, when known: with a random area the
  /// N-th module takes one of the limit's nr_pos starts with probability at
  /// least 1 - P(fallback), so some start has at least (1 - P)/nr_pos, and
  /// the min-entropy is at most LimitBits - log2(1 - P), P the proved
  /// fallback bound. A measured estimate above it is sampling noise and is
  /// clamped to it.
  std::optional<double> CapBits;
  /// P(the N-th module takes the fallback path); absent for a scheme without
  /// one.
  std::optional<Estimate> FallbackProbability;
  std::optional<ProvedFigure> FallbackBound;
  /// P(a module drawn from the size distribution, rather than the probe,
  /// falls back): the quantity the 2018 proposal's simulation reported.
  std::optional<Estimate> DrawnFallbackProbability;
  /// The proposal's own estimate computed from that probability:
  /// min(-log2(p / base positions), -log2((1 - p) / random-area pages)).
  std::optional<double> ProposalEstimateBits;
};

struct LeakResult {
  uint64_t Known = 0, Target = 0;
  ProvedFigure BoundBits;
  std::string BoundMethod;
  std::optional<Estimate> MeasuredBits;
};

struct MinBitsResult {
  double MinBits = 0;
  /// The first N (searched over every N up to the largest evaluated) whose
  /// proved bound is below MinBits; absent if none.
  std::optional<uint64_t> BoundBelowAt;
  /// Whether every N was searched (module-area) or only the evaluated ones.
  bool BoundSearchedEveryN = false;
  /// The proved bound at BoundBelowAt - 1, the last N still at or above
  /// MinBits (the bound never rises with N).
  std::optional<ProvedFigure> BoundBefore;
  /// The first evaluated N whose measured value is below MinBits.
  std::optional<uint64_t> MeasuredBelowAt;
};

/// A lemma the bounds rest on, proved once per scheme.
struct LemmaResult {
  std::string Name;
  std::string Statement;
  smt::Status Status = smt::Status::Error;
  std::string Problem;
};

struct PlacementResult {
  std::string Scheme;
  std::string Title;
  std::string Path;
  std::string Layout;
  /// Key parameters for the report header ("random area: 172032 pages").
  std::vector<std::pair<std::string, std::string>> Parameters;
  uint64_t ProbePages = 0;
  uint64_t Seed = 0;
  unsigned Runs = 0;
  std::vector<SeriesPoint> Series;
  std::vector<LeakResult> Leaks;
  std::optional<MinBitsResult> MinBits;
  std::vector<LemmaResult> Lemmas;
  std::vector<smt::QueryRecord> Queries;
  std::vector<std::string> Notes;
  double Seconds = 0;

  /// Every proof decided (no unknown or error anywhere).
  bool allProved() const;
};

/// Min-entropy in bits of a largest probability P (0 < P <= 1).
double bitsOf(double P);
/// An estimate of a probability (mean and standard error over Runs runs)
/// turned into bits, interval from mean +- 1.96 standard errors.
Estimate bitsEstimate(double Mean, double StdErr, bool Exact);
/// E with its value and interval lowered to at most CapBits.
Estimate clampBits(Estimate E, double CapBits);

} // namespace kharden::placement

#endif

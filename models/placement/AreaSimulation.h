//===- models/placement/AreaSimulation.h - measured module-area figures -*- C++
//-*-===//
//
// The measured min-entropy of the N-th module's start page in a module-area
// scheme, in two phases of seeded runs:
//  1. selection: runs accumulate the probe's conditional distribution
//     (AreaRun::probe); the most likely start page is the best guess;
//  2. estimate: fresh runs estimate the probability of that guess, with a
//     confidence interval from the spread across runs.
// The guess is chosen on other runs than the ones that estimate it, so its
// estimate is unbiased and at most the true largest probability: the
// measured figure is an (upper) estimate of the true min-entropy, never
// pulled below it by the selection.
// Without a random area (x86_64 mainline) every outcome is enumerated
// instead: all base offsets, exactly.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_AREASIMULATION_H
#define KHARDEN_MODELS_PLACEMENT_AREASIMULATION_H

#include "models/placement/AreaGeometry.h"
#include "models/placement/ModuleSet.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace kharden::placement {

struct AreaPointEstimate {
  /// The best guess (start page from the area start); absent when it is
  /// "the allocation fails".
  std::optional<uint32_t> BestGuess;
  /// P(the N-th module starts at BestGuess): mean and standard error.
  double Mean = 0, StdErr = 0;
  /// P(the N-th module falls back).
  double FallbackMean = 0, FallbackStdErr = 0;
  /// P(a module drawn from the size distribution falls back), what the
  /// 2018 proposal's simulation measured.
  double DrawnFallbackMean = 0, DrawnFallbackStdErr = 0;
  /// Estimate-phase runs that contributed under their own base offset only.
  uint64_t NotIntegrable = 0;
};

/// Random-area schemes: Monte Carlo, Runs runs per phase on Threads threads;
/// the figures do not depend on Threads.
std::vector<AreaPointEstimate> simulateModuleArea(const AreaGeometry &G,
                                                  const ModuleSet &Set,
                                                  llvm::ArrayRef<uint64_t> Ns,
                                                  uint64_t Seed, unsigned Runs,
                                                  unsigned Threads);

/// Start pages of modules under every base offset of a scheme without a
/// random area (first-fit from the base): Probe[n][b] for the probe after
/// Ns[n] - 1 modules, Module[m][b] for module Modules[m] of the set;
/// UINT32_MAX where the allocation fails.
struct SharedBaseOutcomes {
  std::vector<std::vector<uint32_t>> Probe;
  std::vector<std::vector<uint32_t>> Module;
};
SharedBaseOutcomes enumerateSharedBase(const AreaGeometry &G,
                                       const ModuleSet &Set,
                                       llvm::ArrayRef<uint64_t> Ns,
                                       llvm::ArrayRef<uint64_t> Modules);

/// The most frequent value and its count (ties: the smallest value).
std::pair<uint32_t, uint64_t> mostFrequent(std::vector<uint32_t> Values);

} // namespace kharden::placement

#endif

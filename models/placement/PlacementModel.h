//===- models/placement/PlacementModel.h - evaluate a scheme ----*- C++ -*-===//
//
// Runs every property of a module-placement scheme: for each N asked,
// placement.min-entropy(N) (proved bound, measured value, limit) and the
// fallback probability; placement.leak(known, target) for each pair asked;
// and, given a number of bits, the N at which the scheme falls below it.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_PLACEMENTMODEL_H
#define KHARDEN_MODELS_PLACEMENT_PLACEMENTMODEL_H

#include "models/placement/PlacementResult.h"
#include "models/placement/PlacementScheme.h"
#include "models/solver/Solver.h"

#include <optional>

namespace kharden::placement {

struct ModelOptions {
  smt::SolverConfig Solver;
  /// Overrides the scheme's evaluate.min-bits.
  std::optional<double> MinBits;
  /// Simulation threads; 0: one per hardware thread. The figures do not
  /// depend on it.
  unsigned Threads = 0;
};

PlacementResult evaluatePlacement(const PlacementScheme &Scheme,
                                  const ModelOptions &Options);

} // namespace kharden::placement

#endif

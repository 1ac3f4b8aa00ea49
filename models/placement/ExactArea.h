//===- models/placement/ExactArea.h - every outcome of a small area -*- C++
//-*-===//
//
// The exact distribution of the N-th module's start in a module-area scheme
// of at most 64 pages, by following every occupancy the allocator can reach
// with its probability (a page bitmap per state), for every base offset.
// It checks the simulation, which must agree within its confidence
// interval, and the bounds, which must not exceed it.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_EXACTAREA_H
#define KHARDEN_MODELS_PLACEMENT_EXACTAREA_H

#include "models/placement/AreaGeometry.h"
#include "models/placement/ModuleSet.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <vector>

namespace kharden::placement {

struct ExactAreaPoint {
  /// P(start) for every start page; key Pages stands for a failure.
  std::map<uint32_t, double> Probability;
  double Fallback = 0;
  /// P(a module drawn from the set's distribution falls back).
  double DrawnFallback = 0;
  /// The largest probability and its start.
  std::pair<uint32_t, double> largest() const;
};

/// Requires G.Pages <= 64.
std::vector<ExactAreaPoint> enumerateModuleArea(const AreaGeometry &G,
                                                const ModuleSet &Set,
                                                llvm::ArrayRef<uint64_t> Ns);

} // namespace kharden::placement

#endif

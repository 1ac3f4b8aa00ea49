//===- models/placement/RunStatistics.h - simulation runs -------*- C++ -*-===//
//
// What both placement simulations (one area, arm64's windows) share: the
// last module a run must place, and the mean of per-run values with its
// standard error, summed in index order so that the figures do not depend
// on the thread count. Runs are spread over threads by forEachIndex().
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_RUNSTATISTICS_H
#define KHARDEN_MODELS_PLACEMENT_RUNSTATISTICS_H

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace kharden::placement {

/// The highest module number a run must place: the last N asked, or a
/// module named for a leak pair.
inline uint64_t lastModule(llvm::ArrayRef<uint64_t> Ns,
                           llvm::ArrayRef<uint64_t> Modules) {
  uint64_t Last = Ns.empty() ? 0 : Ns.back();
  for (uint64_t M : Modules)
    Last = std::max(Last, M);
  return Last;
}

/// Mean and standard error of the mean, summed in index order.
inline std::pair<double, double> meanAndError(const std::vector<double> &V) {
  if (V.empty())
    return {0, 0};
  double Sum = 0;
  for (double X : V)
    Sum += X;
  double Mean = Sum / double(V.size());
  if (V.size() < 2)
    return {Mean, 0};
  double Sq = 0;
  for (double X : V)
    Sq += (X - Mean) * (X - Mean);
  return {Mean, std::sqrt(Sq / double(V.size() - 1) / double(V.size()))};
}

} // namespace kharden::placement

#endif

//===- models/placement/AreaGeometry.h - a module area in pages -*- C++ -*-===//
//
// The module-area layout reduced to page numbers relative to the area start:
// the random area [0, Random), the per-boot base offset b in
// [BaseFirst, BaseFirst + BasePositions), and the first-fit window
// [Random + b, Pages) that takes modules the random area does not (for
// x86_64 mainline Random is 0: first-fit from b is the whole scheme).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_AREAGEOMETRY_H
#define KHARDEN_MODELS_PLACEMENT_AREAGEOMETRY_H

#include "models/placement/PlacementScheme.h"

#include <algorithm>
#include <cstdint>

namespace kharden::placement {

struct AreaGeometry {
  uint32_t Pages = 0;
  uint32_t Random = 0;
  uint32_t BaseFirst = 0;
  uint32_t BasePositions = 1;
  uint64_t Tries = 0;
  bool FirstFitFallback = true;

  uint32_t baseLast() const { return BaseFirst + BasePositions - 1; }
  /// The random start positions a module of Len pages tries: the proposal's
  /// nr_pos = min((MODULES_LEN - size) / PAGE_SIZE + 1, random_area pages).
  uint32_t positions(uint32_t Len) const {
    if (Random == 0 || Len > Pages)
      return 0;
    return std::min(Pages - Len + 1, Random);
  }
  /// The first page of the first-fit window for base offset B.
  uint32_t windowStart(uint32_t B) const { return Random + B; }
};

inline AreaGeometry areaGeometry(const PlacementScheme &S) {
  AreaGeometry G;
  G.Pages = uint32_t(S.areaPages());
  G.Random = uint32_t(S.randomAreaPages());
  G.BaseFirst = uint32_t(S.BaseFirst);
  G.BasePositions = uint32_t(S.BasePositions);
  G.Tries = S.Tries;
  G.FirstFitFallback = S.OnFailure == Fallback::FirstFit;
  return G;
}

} // namespace kharden::placement

#endif

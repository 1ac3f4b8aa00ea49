//===- models/placement/ModuleSet.h - the modules a system loads -*- C++
//-*-===//
//
// The properties are about one concrete set of modules in load order, which
// the attacker is assumed to know (module names and sizes are public:
// /proc/modules, a distribution's kernel package). The set is drawn once,
// from the scheme's size distribution with the scheme's seed, so every
// figure is reproducible; "the N-th module" is a module of ProbePages pages
// loaded after the first N-1 modules of the set.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_MODULESET_H
#define KHARDEN_MODELS_PLACEMENT_MODULESET_H

#include "models/placement/PlacementScheme.h"

#include <cstdint>
#include <vector>

namespace kharden::placement {

struct ModuleSet {
  /// Footprints (pages incl. guard pages) of modules 1..Count, in load
  /// order: Footprint[I] is module I+1.
  std::vector<uint64_t> Footprint;
  /// Prefix sums: Loaded[N] = footprint of modules 1..N.
  std::vector<uint64_t> Loaded;
  /// Footprint of the probe, "the N-th module".
  uint64_t Probe = 0;
  /// The largest footprint among modules 1..N (MaxUpTo[N]).
  std::vector<uint64_t> MaxUpTo;
  /// The distribution the set was drawn from: footprints and probabilities,
  /// for figures about "a module drawn from it" rather than the probe.
  std::vector<std::pair<uint32_t, double>> Distribution;
};

/// Draws modules 1..Count from the scheme's distribution.
ModuleSet drawModuleSet(const PlacementScheme &Scheme, uint64_t Count);

} // namespace kharden::placement

#endif

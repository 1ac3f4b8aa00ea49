#include "models/placement/ModuleSet.h"
#include "models/placement/Random.h"

#include <algorithm>

namespace kharden::placement {

ModuleSet drawModuleSet(const PlacementScheme &Scheme, uint64_t Count) {
  const std::vector<SizeWeight> &Sizes = Scheme.Modules.Sizes;
  // Cumulative weights: a uniform draw below the total picks the first size
  // whose cumulative weight exceeds it, i.e. each size with its weight.
  std::vector<uint64_t> Cumulative;
  uint64_t Total = 0;
  for (const SizeWeight &S : Sizes)
    Cumulative.push_back(Total += S.Weight);

  Rng R(Scheme.Simulation.Seed, StreamModuleSet);
  ModuleSet Set;
  Set.Loaded.push_back(0);
  Set.MaxUpTo.push_back(0);
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Draw = R.below(Total);
    size_t Index =
        std::upper_bound(Cumulative.begin(), Cumulative.end(), Draw) -
        Cumulative.begin();
    uint64_t F = Scheme.footprint(Sizes[Index].Pages);
    Set.Footprint.push_back(F);
    Set.Loaded.push_back(Set.Loaded.back() + F);
    Set.MaxUpTo.push_back(std::max(Set.MaxUpTo.back(), F));
  }
  Set.Probe = Scheme.footprint(Scheme.Modules.ProbePages);
  for (const SizeWeight &S : Sizes)
    Set.Distribution.push_back({uint32_t(Scheme.footprint(S.Pages)),
                                double(S.Weight) / double(Total)});
  return Set;
}

} // namespace kharden::placement

//===- models/placement/AreaRun.h - one simulated boot of a module area -*- C++
//-*-===//
//
// One run of the module-area allocator: a base offset drawn for the boot,
// then the modules of the set placed one by one. A module tries random
// positions (up to Tries) in the random area, or falls back to first-fit
// from the base; the run draws the outcome of all its tries at once (see
// FreeMap.h).
//
// Estimating the N-th module's address distribution from runs needs the
// base offset integrated out exactly, or the 1024-way spread of fallback
// addresses is invisible at any affordable number of runs. A run couples
// every base offset b' through the same random tries; the run under b' is
// the drawn run shifted (same random-area modules, fallback modules moved
// with the base) until something tells them apart: a try on a start that
// the fallback modules block for some b' but not others, a random-area
// module reaching into some b' windows, the area's end. Each such event
// splits the base offsets at a threshold, so the offsets still coupled with
// the drawn one form an interval, its "class" (one offset when a split
// cannot be tracked). The probe's distribution is averaged over the class:
// since the classes partition the offsets and the drawn offset is uniform,
// this is the conditional expectation of the run's own distribution given
// its class, an unbiased estimator with far less variance.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_AREARUN_H
#define KHARDEN_MODELS_PLACEMENT_AREARUN_H

#include "models/placement/AreaGeometry.h"
#include "models/placement/FreeMap.h"
#include "models/placement/Random.h"

#include <cstdint>
#include <vector>

namespace kharden::placement {

/// The conditional distribution of a probe module's start page given one
/// run's state (and, in an integrable run, averaged over every base offset).
struct ProbeDistribution {
  /// Weight on every start where the probe fits under the run's base
  /// offset, except the starts listed in Special.
  double Uniform = 0;
  uint32_t Positions = 0; ///< the probe's random positions (nr_pos)
  uint32_t Len = 0;
  /// Starts whose weight differs from Uniform (they depend on the base
  /// offset), with their own weight (possibly 0).
  std::vector<std::pair<uint32_t, double>> Special;
  /// Fallback outcomes: start page, or Failed, with probability.
  std::vector<std::pair<uint32_t, double>> Fallback;
  /// P(the probe falls back).
  double FallbackProbability = 0;

  static constexpr uint32_t Failed = UINT32_MAX;
};

class AreaRun {
public:
  explicit AreaRun(const AreaGeometry &G) : G(G) {}

  /// Starts a run: an empty area and a base offset drawn from R.
  void start(Rng &R);
  /// Places one module of Len pages (guard included).
  void place(Rng &R, uint32_t Len);
  /// The distribution of a module of Len pages if it were loaded now.
  /// With Spread, a run coupled with its own base offset only still spreads
  /// its fallback over the offsets whose windows no random-area module
  /// reaches, as if they were coupled: not an exact distribution, but a far
  /// better guide for choosing the best guess than the run's single
  /// fallback address (the guess is then estimated without Spread).
  ProbeDistribution probe(uint32_t Len, bool Spread = false) const;

  /// The run is coupled with more than its own base offset.
  bool integrable() const { return ClassLo < ClassHi; }
  /// P(a module drawn from Distribution falls back now), under the run's
  /// own base offset.
  double fallbackProbability(
      const std::vector<std::pair<uint32_t, double>> &Distribution) const;
  const FreeMap &freeMap() const { return Free; }
  uint32_t base() const { return B; }
  uint64_t failures() const { return Failures; }

private:
  struct Dependent {
    uint32_t Start;
    /// Blocked by the fallback modules for base offsets b' <= Threshold.
    uint32_t Threshold;
  };
  /// Keeps the offsets of the class on the drawn offset's side of a split
  /// between b' <= Threshold and b' > Threshold.
  void split(uint32_t Threshold);
  /// Starts below NrPos whose fit for Len depends on the base offset.
  void dependentStarts(uint32_t Len, uint32_t NrPos,
                       std::vector<Dependent> &Out) const;
  /// First-fit for Len from the window start of base offset Bp, with the
  /// fallback modules moved along with the base (integrable runs).
  uint32_t shiftedFirstFit(uint32_t Len, uint32_t Bp) const;
  void allocate(uint32_t Start, uint32_t Len, uint8_t Kind);

  const AreaGeometry &G;
  FreeMap Free;
  /// Per page: 0 free, 1 random-area module, 2 fallback module.
  std::vector<uint8_t> Owner;
  uint32_t B = 0;
  /// The base offsets coupled with B: [ClassLo, ClassHi].
  uint32_t ClassLo = 0, ClassHi = 0;
  /// Fallback modules [start, end), absolute under B.
  std::vector<std::pair<uint32_t, uint32_t>> Backup;
  uint32_t BackupLow = UINT32_MAX;
  /// Random-area modules reaching past the random area: their pages at and
  /// beyond it [max(start, Random), end), which do not move with b.
  std::vector<std::pair<uint32_t, uint32_t>> Overflow;
  uint32_t OverflowEnd = 0;
  uint64_t Failures = 0;
};

} // namespace kharden::placement

#endif

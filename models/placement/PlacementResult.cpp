#include "models/placement/PlacementResult.h"

#include <algorithm>
#include <cmath>

namespace kharden::placement {

bool PlacementResult::allProved() const {
  for (const LemmaResult &L : Lemmas)
    if (L.Status != smt::Status::Proved)
      return false;
  for (const SeriesPoint &P : Series) {
    if (P.BoundBits.Status != smt::Status::Proved)
      return false;
    if (P.FallbackBound && P.FallbackBound->Status != smt::Status::Proved)
      return false;
  }
  for (const LeakResult &L : Leaks)
    if (L.BoundBits.Status != smt::Status::Proved)
      return false;
  return true;
}

double bitsOf(double P) {
  if (P <= 0)
    return std::numeric_limits<double>::infinity();
  double Bits = -std::log2(P);
  // -log2(1) is -0.0; reports should say 0.
  return Bits <= 0 ? 0.0 : Bits;
}

Estimate bitsEstimate(double Mean, double StdErr, bool Exact) {
  Estimate E;
  E.Exact = Exact;
  E.Value = bitsOf(Mean);
  double Half = Exact ? 0 : 1.96 * StdErr;
  // A larger probability is fewer bits: the interval's low end comes from
  // the probability's high end.
  E.Low = bitsOf(std::min(1.0, Mean + Half));
  E.High = Mean - Half > 0 ? bitsOf(Mean - Half)
                           : std::numeric_limits<double>::infinity();
  return E;
}

Estimate clampBits(Estimate E, double CapBits) {
  if (E.Value > CapBits || E.High > CapBits) {
    E.Clamped = E.Value > CapBits;
    E.Value = std::min(E.Value, CapBits);
    E.Low = std::min(E.Low, CapBits);
    E.High = std::min(E.High, CapBits);
  }
  return E;
}

} // namespace kharden::placement

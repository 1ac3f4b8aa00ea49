//===- models/placement/Dyadic.h - upward-rounded powers --------*- C++ -*-===//
//
// Probability bounds such as (1 - F/P)^10000 underflow doubles and cannot be
// written exactly in a solver query of reasonable size. They are computed as
// dyadic numbers m * 2^-e (62-bit m) by repeated squaring, rounding every
// step up, so each step is an upper bound of the exact value; the solver
// then checks every step (a*a <= b, a*c <= d) in exact rational arithmetic.
// Values below 2^-1100 are replaced by 2^-1100, still an upper bound.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_DYADIC_H
#define KHARDEN_MODELS_PLACEMENT_DYADIC_H

#include <cstdint>
#include <string>
#include <vector>

namespace kharden::placement {

struct Dyadic {
  uint64_t Mantissa = 1;
  uint32_t Exponent = 0; ///< value = Mantissa * 2^-Exponent

  /// The smallest dyadic with a 62-bit mantissa >= Num / Den (Num <= Den).
  static Dyadic ceilOf(uint64_t Num, uint64_t Den);
  /// Upward-rounded product.
  Dyadic times(const Dyadic &O) const;
  /// -log2 of the value.
  double bits() const;
  /// The exact value as an SMT-LIB rational "m/2^e" in decimal.
  std::string rational() const;
  bool isOne() const { return Exponent == 0 && Mantissa == 1; }
};

/// An upward-rounded (Num/Den)^Power, with every intermediate value: the
/// squares S[k] >= (Num/Den)^(2^k) and the partial products P[j].
struct PowerChain {
  std::vector<Dyadic> Squares;
  /// Products[j] = Products[j-1] * Squares[Factor[j]] (Products[0] = 1).
  std::vector<Dyadic> Products;
  std::vector<unsigned> Factor;
  Dyadic result() const { return Products.back(); }
};
PowerChain upperPower(uint64_t Num, uint64_t Den, uint64_t Power);

/// A finite double's exact value as an SMT-LIB rational.
std::string exactRational(double V);

} // namespace kharden::placement

#endif

#include "models/placement/Dyadic.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"

#include <cassert>
#include <cmath>

namespace kharden::placement {

namespace {
constexpr unsigned MantissaBits = 62;
constexpr uint32_t Floor = 1100;

/// Rounds M * 2^-E (M up to 128 bits) up to a 62-bit mantissa.
Dyadic normalizeUp(unsigned __int128 M, uint64_t E) {
  unsigned Shift = 0;
  while ((M >> Shift) >= (unsigned __int128)1 << MantissaBits)
    ++Shift;
  unsigned __int128 Kept = M >> Shift;
  if (Shift && (Kept << Shift) != M)
    ++Kept; // round up
  if (Kept >> MantissaBits) {
    Kept = (Kept + 1) >> 1; // still an upper bound
    ++Shift;
  }
  assert(E >= Shift);
  uint64_t Exponent = E - Shift;
  // Below 2^-Floor: use 2^-Floor, which is larger.
  if (Exponent >= Floor + MantissaBits)
    return {1, Floor};
  if (Kept == 0)
    return {1, Floor};
  return {uint64_t(Kept), uint32_t(Exponent)};
}
} // namespace

Dyadic Dyadic::ceilOf(uint64_t Num, uint64_t Den) {
  assert(Den && Num <= Den && Den < (uint64_t(1) << 40));
  if (Num == Den)
    return {1, 0};
  if (Num == 0)
    return {1, Floor}; // an upper bound of 0 that keeps logs finite
  // Num / Den in (0, 1): scale to a 62-bit mantissa, rounding up.
  uint64_t E = MantissaBits;
  while (((unsigned __int128)Num << E) / Den < ((unsigned __int128)1 << 61))
    ++E;
  unsigned __int128 Scaled = (unsigned __int128)Num << E;
  unsigned __int128 M = Scaled / Den + (Scaled % Den != 0);
  return normalizeUp(M, E);
}

Dyadic Dyadic::times(const Dyadic &O) const {
  unsigned __int128 M = (unsigned __int128)Mantissa * O.Mantissa;
  return normalizeUp(M, uint64_t(Exponent) + O.Exponent);
}

double Dyadic::bits() const {
  return double(Exponent) - std::log2(double(Mantissa));
}

std::string Dyadic::rational() const {
  llvm::APInt Den(Exponent + 2, 0);
  Den.setBit(Exponent);
  llvm::SmallString<64> D;
  Den.toString(D, 10, /*Signed=*/false);
  return std::to_string(Mantissa) + "/" + std::string(D.str());
}

PowerChain upperPower(uint64_t Num, uint64_t Den, uint64_t Power) {
  PowerChain C;
  C.Products.push_back({1, 0});
  if (Power == 0)
    return C;
  C.Squares.push_back(Dyadic::ceilOf(Num, Den));
  for (unsigned K = 0; (Power >> K) != 0; ++K) {
    if (K > 0)
      C.Squares.push_back(C.Squares[K - 1].times(C.Squares[K - 1]));
    if ((Power >> K) & 1) {
      C.Products.push_back(C.Products.back().times(C.Squares[K]));
      C.Factor.push_back(K);
    }
  }
  return C;
}

std::string exactRational(double V) {
  assert(std::isfinite(V) && V >= 0);
  int Exp;
  double Fraction = std::frexp(V, &Exp); // V = Fraction * 2^Exp
  uint64_t Mantissa = uint64_t(std::ldexp(Fraction, 53));
  int Shift = Exp - 53;
  if (Mantissa == 0)
    return "0";
  llvm::APInt Power(std::abs(Shift) + 2, 0);
  Power.setBit(unsigned(std::abs(Shift)));
  llvm::SmallString<64> P;
  Power.toString(P, 10, /*Signed=*/false);
  if (Shift >= 0) {
    llvm::APInt M(std::abs(Shift) + 66, Mantissa);
    M = M.shl(unsigned(Shift));
    llvm::SmallString<64> Out;
    M.toString(Out, 10, false);
    return std::string(Out.str());
  }
  return std::to_string(Mantissa) + "/" + std::string(P.str());
}

} // namespace kharden::placement

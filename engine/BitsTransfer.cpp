#include "engine/BitsTransfer.h"

namespace kharden {

/// A bit forced is not also kept, so that equal functions compare equal.
static BitsTransfer normal(BitsTransfer T) {
  T.KeepZero &= ~T.ForceZero;
  T.KeepOne &= ~T.ForceOne;
  return T;
}

BitsTransfer BitsTransfer::assigned(const KnownBits &E) {
  return {0, E.Zero, 0, E.One, false};
}

bool BitsTransfer::keepsBits(uint64_t Mask) const {
  return (KeepZero & Mask) == Mask && (KeepOne & Mask) == Mask &&
         !((ForceZero | ForceOne) & Mask);
}

BitsTransfer BitsTransfer::thenAnd(const KnownBits &R) const {
  // Zero' = Zero | R.Zero; One' = One & R.One.
  return normal(
      {KeepZero, ForceZero | R.Zero, KeepOne & R.One, ForceOne & R.One, false});
}

BitsTransfer BitsTransfer::thenOr(const KnownBits &R) const {
  // Zero' = Zero & R.Zero; One' = One | R.One; a non-zero value stays so.
  return normal({KeepZero & R.Zero, ForceZero & R.Zero, KeepOne,
                 ForceOne | R.One, KeepNonZero});
}

/// One half of a join: ((In & K1) | F1) & ((In & K2) | F2).
static std::pair<uint64_t, uint64_t> joinHalf(uint64_t K1, uint64_t F1,
                                              uint64_t K2, uint64_t F2) {
  return {(K1 & K2) | (K1 & F2) | (F1 & K2), F1 & F2};
}

BitsTransfer BitsTransfer::join(const BitsTransfer &O) const {
  auto [KZ, FZ] = joinHalf(KeepZero, ForceZero, O.KeepZero, O.ForceZero);
  auto [KO, FO] = joinHalf(KeepOne, ForceOne, O.KeepOne, O.ForceOne);
  // Each side is not zero for a non-zero input if it keeps that or forces
  // a one.
  bool NonZero = (KeepNonZero || ForceOne) && (O.KeepNonZero || O.ForceOne);
  return normal({KZ, FZ, KO, FO, NonZero});
}

BitsTransfer BitsTransfer::then(const BitsTransfer &Next) const {
  // ((In & K1) | F1) & K2 | F2 = (In & K1 & K2) | (F1 & K2) | F2; a
  // non-zero input gives Next a non-zero value where this keeps it so or
  // forces a one.
  return normal(
      {KeepZero & Next.KeepZero, (ForceZero & Next.KeepZero) | Next.ForceZero,
       KeepOne & Next.KeepOne, (ForceOne & Next.KeepOne) | Next.ForceOne,
       Next.KeepNonZero && (KeepNonZero || ForceOne)});
}

KnownBits BitsTransfer::apply(const KnownBits &In) const {
  KnownBits Out{(In.Zero & KeepZero) | ForceZero,
                (In.One & KeepOne) | ForceOne};
  Out.NonZero = !Out.One && KeepNonZero && In.knownNonZero();
  return Out;
}

ArgBitsTransfer::ArgBitsTransfer(const BitsTransfer &T, int8_t OnesOf,
                                 uint64_t OnesKept)
    : T(T), OnesOf(OnesKept ? OnesOf : -1),
      OnesKept(OnesOf >= 0 ? OnesKept : 0) {}

ArgBitsTransfer ArgBitsTransfer::thenAnd(const KnownBits &R) const {
  return {T.thenAnd(R), OnesOf, OnesKept & R.One};
}

ArgBitsTransfer ArgBitsTransfer::thenOr(const KnownBits &R) const {
  return {T.thenOr(R), OnesOf, OnesKept};
}

ArgBitsTransfer ArgBitsTransfer::thenOrArg(const KnownBits &R, int8_t Arg,
                                           uint64_t Kept) const {
  // One other argument's ones at most: a second one's are not known.
  if (OnesOf >= 0 && OnesOf != Arg)
    return thenOr(R);
  return {T.thenOr(R), Arg, OnesKept | Kept};
}

ArgBitsTransfer ArgBitsTransfer::then(const BitsTransfer &Next) const {
  return {T.then(Next), OnesOf, OnesKept & Next.KeepOne};
}

ArgBitsTransfer ArgBitsTransfer::join(const ArgBitsTransfer &O) const {
  if (OnesOf != O.OnesOf)
    return T.join(O.T);
  return {T.join(O.T), OnesOf, OnesKept & O.OnesKept};
}

BitsTransfer ArgBitsTransfer::bind(const KnownBits &A) const {
  uint64_t Ones = OnesOf >= 0 ? A.One & OnesKept : 0;
  return Ones ? T.thenOr({~Ones, Ones}) : T;
}

} // namespace kharden

//===- engine/BitsTransfer.h - bits after assignments -----------*- C++ -*-===//
//
// What a function's own assignments (`flags &= gfp_allowed_mask`, `flags |=
// FOLL_FAST_ONLY`, `flags &= ~__GFP_DIRECT_RECLAIM`) make of the bits its
// caller passed, at one point, over every path to it: the known-bits
// algebra of LLVM's KnownBits, as a function of the caller's bits. A bit
// known 0 stays 0 under AND with anything; OR with a known 1 makes it 1;
// AND with a known 0 makes it 0. Each half (zeros, ones) is
// `(In & Keep) | Force`, a form closed under AND, OR and the join of paths,
// so that a caller's bits, known only at run time, can be pushed through.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_BITSTRANSFER_H
#define KHARDEN_ENGINE_BITSTRANSFER_H

#include "engine/ContextState.h"

#include <cstdint>

namespace kharden {

struct BitsTransfer {
  /// Out.Zero = (In.Zero & KeepZero) | ForceZero; the same of ones.
  uint64_t KeepZero = ~uint64_t(0), ForceZero = 0;
  uint64_t KeepOne = ~uint64_t(0), ForceOne = 0;
  /// A value known not zero (a pointer) stays so.
  bool KeepNonZero = true;

  /// Nothing assigned: the caller's value.
  static BitsTransfer identity() { return {}; }
  /// `p = E`: E's bits, whatever the caller passed.
  static BitsTransfer assigned(const KnownBits &E);
  bool isIdentity() const { return *this == identity(); }
  /// Whether the bits in Mask are the caller's, unchanged.
  bool keepsBits(uint64_t Mask) const;

  /// Then `p &= R` / `p |= R`, R with bits R (converted to p's type).
  BitsTransfer thenAnd(const KnownBits &R) const;
  BitsTransfer thenOr(const KnownBits &R) const;
  /// What is known on a path through this or through O.
  BitsTransfer join(const BitsTransfer &O) const;
  /// This, then Next (a callee's return as a function of its argument:
  /// `gfp = current_gfp_context(gfp)`).
  BitsTransfer then(const BitsTransfer &Next) const;
  /// The bits of the value for a caller that passed bits In.
  KnownBits apply(const KnownBits &In) const;

  bool operator==(const BitsTransfer &O) const {
    return KeepZero == O.KeepZero && ForceZero == O.ForceZero &&
           KeepOne == O.KeepOne && ForceOne == O.ForceOne &&
           KeepNonZero == O.KeepNonZero;
  }
};

/// A BitsTransfer that also ORs in the ones of another argument of the
/// same call: 6.12's is_valid_gup_args() does `gup_flags |= to_set` and
/// leaves the result in `*gup_flags_p`, where its caller's `to_set` is a
/// constant. Out.One gains Arg[OnesOf].One & OnesKept; later ANDs narrow
/// OnesKept. Zeros after such an OR are those the transfer forces, as for
/// an OR with unknown bits.
struct ArgBitsTransfer {
  BitsTransfer T;
  int8_t OnesOf = -1;
  uint64_t OnesKept = 0;

  ArgBitsTransfer() = default;
  ArgBitsTransfer(const BitsTransfer &T) : T(T) {}
  ArgBitsTransfer(const BitsTransfer &T, int8_t OnesOf, uint64_t OnesKept);

  ArgBitsTransfer thenAnd(const KnownBits &R) const;
  ArgBitsTransfer thenOr(const KnownBits &R) const;
  /// Then `|= X`, X with bits R whatever the call passed, and at least
  /// the ones of argument Arg in Kept.
  ArgBitsTransfer thenOrArg(const KnownBits &R, int8_t Arg,
                            uint64_t Kept) const;
  ArgBitsTransfer then(const BitsTransfer &Next) const;
  ArgBitsTransfer join(const ArgBitsTransfer &O) const;
  /// For a call whose argument OnesOf has bits A.
  BitsTransfer bind(const KnownBits &A) const;

  bool operator==(const ArgBitsTransfer &O) const {
    return T == O.T && OnesOf == O.OnesOf && OnesKept == O.OnesKept;
  }
};

} // namespace kharden

#endif

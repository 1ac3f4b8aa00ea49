//===- models/kstack/OffsetMap.h - the scheme's arithmetic in Z3 -*- C++
//-*-===//
//
// The functions every kstack model shares, as Z3 terms over 32-bit
// bit-vectors: the refill's mix, KSTACK_OFFSET_MAX() and the alloca
// rounding; and the bit masks of the random input.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_OFFSETMAP_H
#define KHARDEN_MODELS_KSTACK_OFFSETMAP_H

#include "models/kstack/Scheme.h"

#include <z3++.h>

#include <cstdint>

namespace kharden::kstack {

/// The stored offset as the refill transforms it before xoring in the
/// fresh input: Prev (xor), ror32(Prev, rotate) (ror32-xor).
z3::expr mixOf(const StackOffsetScheme &S, const z3::expr &Prev);
/// The refill: mix(Prev) ^ Rand.
z3::expr refilled(const StackOffsetScheme &S, const z3::expr &Prev,
                  const z3::expr &Rand);
/// KSTACK_OFFSET_MAX(X).
z3::expr offsetMax(const StackOffsetScheme &S, const z3::expr &X);
/// The alloca size for n, (n + add) & ~(align - 1), computed in 64 bits so
/// that no mask can make it wrap.
z3::expr allocaSize(const StackOffsetScheme &S, const z3::expr &N);

/// The bits of the fresh input, of it the low bits unknown to the attacker,
/// and the rest (known).
uint32_t inputMask(const StackOffsetScheme &S);
uint32_t unknownInputMask(const StackOffsetScheme &S);
uint32_t knownInputMask(const StackOffsetScheme &S);

/// Where the mix moves the bits of Mask (a coordinate set): rotated for
/// ror32-xor, unchanged for xor.
uint32_t mixedMask(const StackOffsetScheme &S, uint32_t Mask);

/// The value of a closed term (constants only).
uint64_t evaluate(const z3::expr &Closed);

} // namespace kharden::kstack

#endif

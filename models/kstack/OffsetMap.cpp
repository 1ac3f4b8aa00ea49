#include "models/kstack/OffsetMap.h"

namespace kharden::kstack {

z3::expr mixOf(const StackOffsetScheme &S, const z3::expr &Prev) {
  switch (S.Mixing.Op) {
  case Mix::Xor:
    return Prev;
  case Mix::Ror32Xor:
    return z3::expr(Prev).rotate_right(S.Mixing.Rotate);
  case Mix::None:
    break;
  }
  return Prev.ctx().bv_val(0, 32);
}

z3::expr refilled(const StackOffsetScheme &S, const z3::expr &Prev,
                  const z3::expr &Rand) {
  return mixOf(S, Prev) ^ Rand;
}

z3::expr offsetMax(const StackOffsetScheme &S, const z3::expr &X) {
  return X & X.ctx().bv_val(S.OffsetMask, 32);
}

z3::expr allocaSize(const StackOffsetScheme &S, const z3::expr &N) {
  z3::context &C = N.ctx();
  uint64_t AlignMask = ~uint64_t(S.Alloca.Align - 1);
  return (z3::zext(N, 32) + C.bv_val(uint64_t(S.Alloca.Add), 64)) &
         C.bv_val(AlignMask, 64);
}

uint32_t inputMask(const StackOffsetScheme &S) {
  return S.Random.Bits >= 32 ? ~0u : (1u << S.Random.Bits) - 1;
}

uint32_t unknownInputMask(const StackOffsetScheme &S) {
  unsigned Bits = S.unknownBits();
  return Bits >= 32 ? ~0u : (1u << Bits) - 1;
}

uint32_t knownInputMask(const StackOffsetScheme &S) {
  return inputMask(S) & ~unknownInputMask(S);
}

uint32_t mixedMask(const StackOffsetScheme &S, uint32_t Mask) {
  if (S.Mixing.Op != Mix::Ror32Xor)
    return Mask;
  unsigned R = S.Mixing.Rotate % 32;
  return R ? (Mask >> R) | (Mask << (32 - R)) : Mask;
}

uint64_t evaluate(const z3::expr &Closed) {
  return z3::expr(Closed).simplify().get_numeral_uint64();
}

} // namespace kharden::kstack

#include "checkers/engine/IntegerBits.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace kharden {

std::optional<uint64_t> constantInteger(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType() ||
      !E->EvaluateAsInt(R, Ctx) || R.Val.getInt().getBitWidth() > 64)
    return std::nullopt;
  return uint64_t(R.Val.getInt().getExtValue());
}

/// Bits B of a value converted to integer type To: the low bits survive,
/// extended by To's signedness.
static KnownBits convert(KnownBits B, QualType To, ASTContext &Ctx) {
  unsigned Width = unsigned(Ctx.getTypeSize(To));
  if (Width >= 64)
    return B;
  uint64_t Low = (uint64_t(1) << Width) - 1, Sign = uint64_t(1) << (Width - 1);
  B.Zero &= Low;
  B.One &= Low;
  if (To->isUnsignedIntegerOrEnumerationType() || (B.Zero & Sign))
    B.Zero |= ~Low;
  else if (B.One & Sign)
    B.One |= ~Low;
  return B;
}

KnownBits knownBits(const Expr *E, ASTContext &Ctx, BitsLeaf Leaf,
                    unsigned Depth) {
  if (std::optional<uint64_t> V = constantInteger(E, Ctx))
    return KnownBits::constant(*V);
  if (Depth > 8 || !E->getType()->isIntegralOrEnumerationType())
    return {};
  auto Sub = [&](const Expr *X) { return knownBits(X, Ctx, Leaf, Depth + 1); };
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return Sub(P->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *From = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_IntegralCast:
      return convert(Sub(From), E->getType(), Ctx);
    case CK_IntegralToBoolean: {
      KnownBits B = Sub(From);
      return B.One                         ? KnownBits::constant(1)
             : B == KnownBits::constant(0) ? B
                                           : KnownBits{~uint64_t(1), 0};
    }
    case CK_NoOp:
    case CK_LValueToRValue:
      return Sub(From);
    default:
      return {};
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    KnownBits L = Sub(B->getLHS()), R = Sub(B->getRHS());
    switch (B->getOpcode()) {
    case BO_Or: return {L.Zero & R.Zero, L.One | R.One};
    case BO_And: return {L.Zero | R.Zero, L.One & R.One};
    case BO_Xor:
      return {(L.Zero & R.Zero) | (L.One & R.One),
              (L.Zero & R.One) | (L.One & R.Zero)};
    default: return {};
    }
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return Sub(C->getTrueExpr()).join(Sub(C->getFalseExpr()));
  return Leaf(E, Depth);
}

std::optional<ParamTest> paramTest(const Expr *E, ASTContext &Ctx,
                                   ParamIndexOf ParamIndex) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || !(B->getOpcode() == BO_And || B->isEqualityOp()) ||
      !B->getLHS()->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  // Only the bits of the operation's type take part in it.
  unsigned Width = unsigned(Ctx.getTypeSize(B->getLHS()->getType()));
  uint64_t Bits = Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1;
  // `p` or `p & M`, with the constant on either side.
  auto Masked =
      [&](const Expr *X) -> std::optional<std::pair<unsigned, uint64_t>> {
    X = X->IgnoreParenImpCasts();
    if (std::optional<unsigned> P = ParamIndex(X))
      return std::pair(*P, Bits);
    const auto *A = dyn_cast<BinaryOperator>(X);
    if (!A || A->getOpcode() != BO_And)
      return std::nullopt;
    for (auto [L, R] : {std::pair(A->getLHS(), A->getRHS()),
                        std::pair(A->getRHS(), A->getLHS())})
      if (std::optional<unsigned> P = ParamIndex(L))
        if (std::optional<uint64_t> M = constantInteger(R, Ctx))
          return std::pair(*P, *M & Bits);
    return std::nullopt;
  };
  if (B->getOpcode() == BO_And) {
    auto PM = Masked(B);
    if (!PM || PM->second == Bits)
      return std::nullopt; // `p & p`, or a test of p itself
    return ParamTest{uint8_t(PM->first), false, PM->second, 0};
  }
  bool Equal = B->getOpcode() == BO_EQ;
  for (auto [L, R] : {std::pair(B->getLHS(), B->getRHS()),
                      std::pair(B->getRHS(), B->getLHS())})
    if (auto PM = Masked(L))
      if (std::optional<uint64_t> C = constantInteger(R, Ctx))
        return ParamTest{uint8_t(PM->first), Equal, PM->second, *C & Bits};
  return std::nullopt;
}

} // namespace kharden

#include "engine/IntegerBits.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace kharden {

const ValueDecl *namedDecl(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  return nullptr;
}

const Expr *lentObject(const Expr *Arg) {
  const auto *U = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
  return U && U->getOpcode() == UO_AddrOf ? U->getSubExpr() : nullptr;
}

const ValueDecl *lentTo(const Expr *Arg) {
  const Expr *Object = lentObject(Arg);
  return Object ? namedDecl(Object) : nullptr;
}

const VarDecl *varOf(const Expr *E) {
  // A member is a field in C, never a variable.
  return dyn_cast_or_null<VarDecl>(namedDecl(E));
}

const ParmVarDecl *parameterOf(const Expr *E) {
  return dyn_cast_or_null<ParmVarDecl>(varOf(E));
}

const Expr *statementValue(const StmtExpr *S) {
  const CompoundStmt *Body = S->getSubStmt();
  return Body->body_empty() ? nullptr : dyn_cast<Expr>(Body->body_back());
}

std::optional<uint64_t> constantInteger(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType() ||
      !E->EvaluateAsInt(R, Ctx) || R.Val.getInt().getBitWidth() > 64)
    return std::nullopt;
  return uint64_t(R.Val.getInt().getExtValue());
}

KnownBits convertBits(KnownBits B, QualType To, ASTContext &Ctx) {
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
  bool Pointer = E->getType()->isPointerType();
  if (Depth > 8 || !(Pointer || E->getType()->isIntegralOrEnumerationType()))
    return {};
  if (Pointer && E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return KnownBits::constant(0);
  auto Sub = [&](const Expr *X) { return knownBits(X, Ctx, Leaf, Depth + 1); };
  // Parentheses and conversions do not count towards the depth: macros
  // wrap every value in several (to_cpumask()).
  auto Same = [&](const Expr *X) { return knownBits(X, Ctx, Leaf, Depth); };
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return Same(P->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *From = C->getSubExpr();
    switch (C->getCastKind()) {
    case CK_IntegralCast:
    case CK_PointerToIntegral:
      return convertBits(Same(From), E->getType(), Ctx);
    case CK_IntegralToBoolean:
    case CK_PointerToBoolean: {
      std::optional<bool> Truth = Same(From).truth();
      return Truth ? KnownBits::constant(*Truth) : KnownBits{~uint64_t(1), 0};
    }
    case CK_NoOp:
    case CK_LValueToRValue:
    case CK_BitCast:
    case CK_IntegralToPointer:
      return Same(From);
    // The address of an object, an array's first element, a function.
    case CK_ArrayToPointerDecay:
    case CK_FunctionToPointerDecay:
      return KnownBits::nonZero();
    default:
      return {};
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    return KnownBits::nonZero();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && Pointer) {
    // A pointer moved within its object is no more NULL than it was.
    const Expr *Base = B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                               : B->getRHS();
    bool Moves = B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub;
    return Moves && Sub(Base).knownNonZero() ? KnownBits::nonZero()
                                             : KnownBits{};
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
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    bool Taken; // `1 ? (bitmap) : (void *)sizeof(...)` in to_cpumask()
    if (!C->getCond()->isValueDependent() &&
        C->getCond()->EvaluateAsBooleanCondition(Taken, Ctx))
      return Sub(Taken ? C->getTrueExpr() : C->getFalseExpr());
    return Sub(C->getTrueExpr()).join(Sub(C->getFalseExpr()));
  }
  return Leaf(E, Depth);
}

/// The bits of a value of type T.
uint64_t typeBits(QualType T, ASTContext &Ctx) {
  unsigned Width = unsigned(Ctx.getTypeSize(T));
  return Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1;
}

std::optional<ParamTest> paramTest(const Expr *E, ASTContext &Ctx,
                                   ParamIndexOf ParamIndex) {
  E = E->IgnoreParenImpCasts();
  QualType Type = E->getType();
  // A field itself, `dev->cpumask` (a parameter itself has its own slot).
  if (Type->isPointerType() || Type->isIntegralOrEnumerationType())
    if (std::optional<ArgRef> A = ParamIndex(E); A && !A->Field.empty())
      return ParamTest{std::move(*A), false, typeBits(Type, Ctx), 0};
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || !(B->getOpcode() == BO_And || B->isEqualityOp()) ||
      !B->getLHS()->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  // Only the bits of the operation's type take part in it.
  uint64_t Bits = typeBits(B->getLHS()->getType(), Ctx);
  // `p` or `p & M`, with the constant on either side.
  auto Masked =
      [&](const Expr *X) -> std::optional<std::pair<ArgRef, uint64_t>> {
    X = X->IgnoreParenImpCasts();
    if (std::optional<ArgRef> P = ParamIndex(X))
      return std::pair(*P, Bits);
    const auto *A = dyn_cast<BinaryOperator>(X);
    if (!A || A->getOpcode() != BO_And)
      return std::nullopt;
    for (auto [L, R] : {std::pair(A->getLHS(), A->getRHS()),
                        std::pair(A->getRHS(), A->getLHS())})
      if (std::optional<ArgRef> P = ParamIndex(L))
        if (std::optional<uint64_t> M = constantInteger(R, Ctx))
          return std::pair(*P, *M & Bits);
    return std::nullopt;
  };
  if (B->getOpcode() == BO_And) {
    auto PM = Masked(B);
    if (!PM || PM->second == Bits)
      return std::nullopt; // `p & p`, or a test of p itself
    return ParamTest{PM->first, false, PM->second, 0};
  }
  bool Equal = B->getOpcode() == BO_EQ;
  for (auto [L, R] : {std::pair(B->getLHS(), B->getRHS()),
                      std::pair(B->getRHS(), B->getLHS())})
    if (auto PM = Masked(L))
      if (std::optional<uint64_t> C = constantInteger(R, Ctx))
        return ParamTest{PM->first, Equal, PM->second, *C & Bits};
  return std::nullopt;
}

} // namespace kharden

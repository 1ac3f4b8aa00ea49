#include "engine/Latches.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace kharden {
namespace {

bool candidate(const VarDecl *V) {
  if (!V || !V->hasGlobalStorage() || V->isExternallyVisible() ||
      !V->getType()->isIntegralOrEnumerationType() ||
      V->getType().isVolatileQualified())
    return false;
  // Zero where the program starts: no initializer, or a zero one.
  const Expr *Init = V->getAnyInitializer();
  Expr::EvalResult R;
  return !Init || (Init->EvaluateAsInt(R, V->getASTContext()) &&
                   R.Val.getInt().isZero());
}

const VarDecl *variableOf(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return V ? V->getCanonicalDecl() : nullptr;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    const VarDecl *V = variableOf(B->getLHS());
    if (!candidate(V))
      return true;
    Expr::EvalResult R;
    bool SetsNonZero = B->getOpcode() == BO_Assign &&
                       B->getRHS()->EvaluateAsInt(R, Ctx) &&
                       !R.Val.getInt().isZero();
    (SetsNonZero ? Set : Spoiled).insert(V);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = variableOf(U->getSubExpr()); candidate(V))
        Spoiled.insert(V);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    for (const Expr *Out : A->outputs())
      if (const VarDecl *V = variableOf(Out); candidate(V))
        Spoiled.insert(V);
    return true;
  }

  Latches result() const {
    Latches Out;
    for (const VarDecl *V : Set)
      if (!Spoiled.contains(V))
        Out.insert(V);
    return Out;
  }

private:
  ASTContext &Ctx;
  Latches Set, Spoiled;
};

} // namespace

Latches findLatches(ASTContext &Ctx) {
  Finder F(Ctx);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.result();
}

} // namespace kharden

#include "engine/Latches.h"
#include "engine/FunctionAnalysis.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace kharden {
namespace {

/// Zero where the program starts: no initializer, or a zero one.
bool startsAtZero(const Expr *Init, const ASTContext &Ctx) {
  Expr::EvalResult R;
  return !Init || (Init->EvaluateAsInt(R, Ctx) && R.Val.getInt().isZero());
}

/// An integer flag whose start is zero or, of external linkage, known to
/// the file that defines it.
bool candidate(const VarDecl *V) {
  if (!V || !V->hasGlobalStorage() ||
      !V->getType()->isIntegralOrEnumerationType() ||
      V->getType().isVolatileQualified())
    return false;
  return V->isExternallyVisible() ||
         startsAtZero(V->getAnyInitializer(), V->getASTContext());
}

} // namespace

bool isExternalFlag(const VarDecl *V) {
  return candidate(V) && V->isExternallyVisible();
}

namespace {

const VarDecl *variableOf(const Expr *E) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return V ? V->getCanonicalDecl() : nullptr;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx,
         llvm::function_ref<bool(llvm::StringRef)> IsOptionTable)
      : Ctx(Ctx), IsOptionTable(IsOptionTable) {}

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Outer = In;
    In = FD->getCanonicalDecl();
    bool Go = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    In = Outer;
    return Go;
  }
  bool VisitVarDecl(VarDecl *D) {
    noteOptionHandlers(D);
    const VarDecl *V = D->getCanonicalDecl();
    if (!isExternalFlag(V) ||
        D->isThisDeclarationADefinition() == VarDecl::DeclarationOnly)
      return true;
    (startsAtZero(D->getInit(), Ctx) ? DefinedZero : Spoiled).insert(V);
    if (V->getIdentifier())
      Named.insert(V);
    return true;
  }
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
    if (SetsNonZero)
      SetIn[V].insert(In);
    else
      Spoiled.insert(V);
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
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const VarDecl *V = variableOf(E);
    if (isExternalFlag(V) && V->getIdentifier())
      Named.insert(V);
    return true;
  }

  UnitFlags result(const llvm::StringSet<> &RunLatches) {
    // A boot option's handler sets the option, not a set-up: the flag is
    // zero for good where the option is not given.
    for (const auto &[V, Setters] : SetIn)
      (llvm::any_of(Setters,
                    [&](const FunctionDecl *F) { return Handlers.contains(F); })
           ? Spoiled
           : Set)
          .insert(V);
    UnitFlags Out;
    for (const VarDecl *V : Set)
      if (!V->isExternallyVisible() && !Spoiled.contains(V))
        Out.Latched.insert(V);
    for (const VarDecl *V : Named) {
      FlagUse U{V->getName().str(), DefinedZero.contains(V), Set.contains(V),
                Spoiled.contains(V), false};
      if (RunLatches.contains(U.Variable) && !U.Spoiled)
        Out.Latched.insert(V);
      if (U.DefinedZero || U.Set || U.Spoiled)
        Out.Uses.push_back(std::move(U));
    }
    llvm::sort(Out.Uses, [](const FlagUse &A, const FlagUse &B) {
      return A.Variable < B.Variable;
    });
    return Out;
  }

private:
  /// The functions an object of an option table registers.
  void noteOptionHandlers(const VarDecl *D) {
    const RecordDecl *RD = D->getType()->getAsRecordDecl();
    const auto *Init = dyn_cast_or_null<InitListExpr>(D->getInit());
    if (!RD || !Init || !RD->getIdentifier() || !IsOptionTable ||
        !IsOptionTable(RD->getName()))
      return;
    for (const Expr *E : Init->inits())
      if (const FunctionDecl *FD = namedFunction(E))
        Handlers.insert(FD->getCanonicalDecl());
  }

  ASTContext &Ctx;
  llvm::function_ref<bool(llvm::StringRef)> IsOptionTable;
  const FunctionDecl *In = nullptr;
  Latches Set, Spoiled, DefinedZero, Named;
  llvm::DenseMap<const VarDecl *, llvm::SmallPtrSet<const FunctionDecl *, 2>>
      SetIn;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Handlers;
};

} // namespace

UnitFlags findLatches(ASTContext &Ctx,
                      llvm::function_ref<bool(llvm::StringRef)> IsOptionTable,
                      const llvm::StringSet<> &RunLatches) {
  Finder F(Ctx, IsOptionTable);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  return F.result(RunLatches);
}

llvm::StringSet<> runLatches(llvm::ArrayRef<const TUSummary *> Units) {
  llvm::StringMap<FlagUse> Run;
  for (const TUSummary *TU : Units)
    for (const FlagUse &U : TU->FlagUses) {
      FlagUse &R = Run[U.Variable];
      R.DefinedZero |= U.DefinedZero;
      R.Set |= U.Set;
      R.Spoiled |= U.Spoiled;
    }
  llvm::StringSet<> Out;
  for (const auto &[Name, U] : Run)
    if (U.DefinedZero && U.Set && !U.Spoiled)
      Out.insert(Name);
  return Out;
}

void addFlagUses(std::vector<FlagUse> &Into, llvm::ArrayRef<FlagUse> Uses) {
  for (const FlagUse &U : Uses) {
    auto It =
        llvm::lower_bound(Into, U, [](const FlagUse &A, const FlagUse &B) {
          return A.Variable < B.Variable;
        });
    if (It == Into.end() || It->Variable != U.Variable) {
      Into.insert(It, U);
      continue;
    }
    It->DefinedZero |= U.DefinedZero;
    It->Set |= U.Set;
    It->Spoiled |= U.Spoiled;
    It->Tested |= U.Tested;
  }
}

} // namespace kharden

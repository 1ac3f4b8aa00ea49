#include "engine/ParamBitsFlow.h"
#include "engine/IntegerBits.h"

#include "clang/AST/ASTContext.h"

#include <vector>

using namespace clang;

namespace kharden {

namespace {

bool names(const Expr *E, const ParmVarDecl *P) { return parameterOf(E) == P; }

bool sameType(QualType A, QualType B) {
  return A.getCanonicalType().getUnqualifiedType() ==
         B.getCanonicalType().getUnqualifiedType();
}

/// `p = f(p)`, f returning its argument's bits through a transfer: what
/// P's type holds throughout.
std::optional<BitsTransfer> returnedSelf(const Expr *RHS, const ParmVarDecl *P,
                                         ParamBitsFlow::ReturnOf Returns) {
  const auto *CE = dyn_cast<CallExpr>(RHS->IgnoreParens());
  auto R = CE ? returnedArgument(CE, Returns) : std::nullopt;
  if (!R || !names(R->first, P) || !sameType(CE->getType(), P->getType()))
    return std::nullopt;
  return R->second;
}

/// What statement S makes of P's transfer T (T itself if S leaves P).
BitsTransfer step(const Stmt *S, const ParmVarDecl *P, const BitsTransfer &T,
                  ASTContext &Ctx, ParamBitsFlow::BitsOf Bits,
                  ParamBitsFlow::ReturnOf Returns) {
  // Bitwise operations commute with extension: the right-hand side taken
  // to P's type keeps P's value extended by its signedness.
  auto Of = [&](const Expr *E) {
    return convertBits(Bits(E), P->getType(), Ctx);
  };
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->isIncrementDecrementOp() && names(U->getSubExpr(), P)
               ? BitsTransfer::assigned({})
               : T;
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || !B->isAssignmentOp() || !names(B->getLHS(), P))
    return T;
  switch (B->getOpcode()) {
  case BO_AndAssign:
    return T.thenAnd(Of(B->getRHS()));
  case BO_OrAssign:
    return T.thenOr(Of(B->getRHS()));
  case BO_Assign:
    break;
  default:
    return BitsTransfer::assigned({});
  }
  if (std::optional<BitsTransfer> R = returnedSelf(B->getRHS(), P, Returns))
    return T.then(*R);
  // `p = p & m`, `p = m | p`.
  if (const auto *Op =
          dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
      Op && (Op->getOpcode() == BO_And || Op->getOpcode() == BO_Or))
    for (auto [Self, Other] : {std::pair(Op->getLHS(), Op->getRHS()),
                               std::pair(Op->getRHS(), Op->getLHS())})
      if (names(Self, P) && !names(Other, P))
        return Op->getOpcode() == BO_And ? T.thenAnd(Of(Other))
                                         : T.thenOr(Of(Other));
  return BitsTransfer::assigned(Of(B->getRHS()));
}

} // namespace

ParamBitsFlow::ParamBitsFlow(const CFG &Cfg, ASTContext &Ctx,
                             llvm::ArrayRef<const ParmVarDecl *> Params,
                             BitsOf Bits, ReturnOf Returns) {
  if (Params.empty())
    return;
  using State = std::vector<std::optional<BitsTransfer>>; // per parameter
  std::vector<State> In(Cfg.getNumBlockIDs(), State(Params.size()));
  In[Cfg.getEntry().getBlockID()].assign(Params.size(),
                                         BitsTransfer::identity());
  // Each round only loses what is known, so the flow ends; a bound keeps
  // a pathological function from costing much: past it, nothing is said.
  const unsigned MaxRounds = 64;
  bool Changed = true;
  unsigned Round = 0;
  for (; Changed && Round < MaxRounds; ++Round) {
    Changed = false;
    for (const CFGBlock *B : llvm::reverse(Cfg)) {
      State S = In[B->getBlockID()];
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>())
          for (size_t I = 0; I < Params.size(); ++I)
            if (S[I]) {
              const Stmt *St = CS->getStmt();
              if (isa<CallExpr>(St) || isa<ReturnStmt>(St))
                AtCalls[{St, Params[I]}] = *S[I];
              S[I] = step(St, Params[I], *S[I], Ctx, Bits, Returns);
            }
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        if (!Succ.getReachableBlock())
          continue;
        State &To = In[Succ->getBlockID()];
        for (size_t I = 0; I < Params.size(); ++I) {
          if (!S[I])
            continue;
          BitsTransfer J = To[I] ? To[I]->join(*S[I]) : *S[I];
          if (!To[I] || !(J == *To[I])) {
            To[I] = J;
            Changed = true;
          }
        }
      }
    }
  }
  if (Changed)
    AtCalls.clear();
}

std::optional<std::pair<const Expr *, BitsTransfer>>
returnedArgument(const CallExpr *CE, ParamBitsFlow::ReturnOf Returns) {
  const FunctionDecl *F = CE->getDirectCallee();
  auto R = F ? Returns(CE) : std::nullopt;
  if (!R || R->first >= CE->getNumArgs() || R->first >= F->getNumParams())
    return std::nullopt;
  const Expr *Arg = CE->getArg(R->first);
  if (!sameType(F->getParamDecl(R->first)->getType(),
                Arg->IgnoreParenImpCasts()->getType()))
    return std::nullopt;
  return std::pair(Arg, R->second);
}

std::optional<BitsTransfer> ParamBitsFlow::at(const Stmt *S,
                                              const ParmVarDecl *P) const {
  auto It = AtCalls.find({S, P});
  if (It == AtCalls.end())
    return std::nullopt;
  return It->second;
}

} // namespace kharden

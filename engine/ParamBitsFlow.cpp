#include "engine/ParamBitsFlow.h"
#include "engine/IntegerBits.h"
#include "engine/ValueSlots.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace kharden {

namespace {

using Value = ParamBitsFlow::Value;

bool sameType(QualType A, QualType B) {
  return A.getCanonicalType().getUnqualifiedType() ==
         B.getCanonicalType().getUnqualifiedType();
}

/// The pointer `p` of `*p`.
const VarDecl *derefOf(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  return U && U->getOpcode() == UO_Deref ? varOf(U->getSubExpr()) : nullptr;
}

/// The variable `&x` lends.
const VarDecl *lentVar(const Expr *Arg) {
  return dyn_cast_or_null<VarDecl>(lentTo(Arg));
}

/// A parameter past the summary's slots, which no caller's facts reach.
bool pastSlots(const VarDecl *V) {
  const auto *P = dyn_cast<ParmVarDecl>(V);
  return P && P->getFunctionScopeIndex() >= RelState::MaxParams;
}

bool followable(const VarDecl *V) {
  QualType T = V->getType();
  return !pastSlots(V) && V->hasLocalStorage() && !T.isVolatileQualified() &&
         T->isIntegralOrEnumerationType();
}

/// A pointer parameter to an integer: what it points to can be followed.
bool pointerToInteger(const VarDecl *V) {
  QualType T = V->getType();
  return isa<ParmVarDecl>(V) && !pastSlots(V) && T->isPointerType() &&
         T->getPointeeType()->isIntegralOrEnumerationType() &&
         !T->getPointeeType().isVolatileQualified();
}

/// Who names each variable how: what decides which the flow can follow.
class Uses : public RecursiveASTVisitor<Uses> {
public:
  /// Every mention; those as `*p`; calls given `&x` or `p` (argument).
  llvm::DenseMap<const VarDecl *, unsigned> Refs, Derefs, Addresses;
  llvm::DenseMap<const VarDecl *,
                 llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1>>
      Lent, Passed;
  /// Assigned; changed by code that does not name it (`&*p` taken, an
  /// asm output).
  llvm::DenseSet<const VarDecl *> Assigned, Escaped;
  /// Values assigned to each variable (its initializer too), in the order
  /// of the body, which decides what the flow's bound keeps.
  llvm::MapVector<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Sources;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      ++Refs[V];
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (const VarDecl *V = varOf(U->getSubExpr())) {
      if (U->getOpcode() == UO_Deref)
        ++Derefs[V];
      else if (U->getOpcode() == UO_AddrOf)
        ++Addresses[V];
      else if (U->isIncrementDecrementOp())
        Assigned.insert(V);
    }
    if (const VarDecl *P =
            U->getOpcode() == UO_AddrOf ? derefOf(U->getSubExpr()) : nullptr)
      Escaped.insert(P);
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    for (const Expr *Out : A->outputs())
      if (const VarDecl *V = varOf(Out); V || (V = derefOf(Out)))
        Escaped.insert(V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (const VarDecl *V = B->isAssignmentOp() ? varOf(B->getLHS()) : nullptr) {
      Assigned.insert(V);
      Sources[V].push_back(B->getRHS());
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasInit())
      Sources[V].push_back(V->getInit());
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      if (const VarDecl *V = lentVar(CE->getArg(I)))
        Lent[V].push_back({CE, I});
      else if (const VarDecl *P = varOf(CE->getArg(I)))
        Passed[P].push_back({CE, I});
    }
    return true;
  }
};

bool mentions(const Stmt *S, const llvm::DenseSet<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Vars.contains(V))
      return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return mentions(C, Vars); });
}

/// T, then `|= X`, X with bits R as written and value XV: a parameter's
/// value (6.12's is_valid_gup_args(): `gup_flags |= to_set`) adds that
/// argument's ones for callers that know them.
ArgBitsTransfer orWith(const ArgBitsTransfer &T, const KnownBits &R,
                       const Value &XV) {
  if (XV.Param < 0 || XV.Pointee)
    return T.thenOr(R);
  return T.thenOrArg(R, XV.Param, XV.T.T.KeepOne);
}

/// The flow's work: the variables followed, and what statements make of
/// their values.
class Flow {
public:
  using State = std::vector<Value>;

  Flow(ASTContext &Ctx, const FunctionDecl &FD, ParamBitsFlow::BitsOf Bits,
       ParamBitsFlow::ReturnOf Returns, ParamBitsFlow::OutOf Outs)
      : Ctx(Ctx), Bits(Bits), Returns(Returns), OutsOf(Outs) {
    select(FD);
  }

  std::vector<const VarDecl *> Vars;
  llvm::DenseMap<const VarDecl *, unsigned> Index;
  /// Parameters the function never changes: their entry value throughout.
  llvm::DenseSet<const VarDecl *> Unchanged;

  State entry() const {
    State S(Vars.size());
    for (unsigned I = 0; I < Vars.size(); ++I)
      if (const auto *P = dyn_cast<ParmVarDecl>(Vars[I]))
        S[I] = {int8_t(P->getFunctionScopeIndex()),
                P->getType()->isPointerType(), BitsTransfer::identity()};
    return S;
  }

  void step(const Stmt *St, State &S) const;
  /// What call CE leaves in the variables lent to it; IfNonZero: where it
  /// returned non-zero.
  void stepCall(const CallExpr *CE, State &S, bool IfNonZero) const;
  static Value join(const Value &A, const Value &B);

private:
  void select(const FunctionDecl &FD);
  /// Whether every call in Calls says what it leaves in argument Arg's
  /// object, an object of type Pointee.
  bool summarized(llvm::ArrayRef<std::pair<const CallExpr *, unsigned>> Calls,
                  QualType Pointee) const;
  /// The followed variable E names (`x`, or `*p` for a pointer parameter).
  std::optional<unsigned> followed(const Expr *E) const;
  Value valueOf(const Expr *E, const State &S) const;
  /// Variable I of type To takes the value of E.
  void assign(unsigned I, const Expr *E, QualType To, State &S) const {
    Value V = valueOf(E, S);
    S[I] = V.Param >= 0
               ? V
               : Value::constant(convertBits(V.T.T.apply({}), To, Ctx));
  }

  ASTContext &Ctx;
  ParamBitsFlow::BitsOf Bits;
  ParamBitsFlow::ReturnOf Returns;
  ParamBitsFlow::OutOf OutsOf;
};

bool Flow::summarized(
    llvm::ArrayRef<std::pair<const CallExpr *, unsigned>> Calls,
    QualType Pointee) const {
  llvm::DenseSet<const CallExpr *> Seen;
  for (auto [CE, I] : Calls) {
    const FunctionDecl *F = CE->getDirectCallee();
    // Lent twice to one call: the two pointers alias. A variadic argument
    // has no type to check: only the kernel model speaks of those.
    QualType Param =
        F && I < F->getNumParams() ? F->getParamDecl(I)->getType() : QualType();
    if (!Seen.insert(CE).second || !F ||
        (!Param.isNull() && (!Param->isPointerType() ||
                             !sameType(Param->getPointeeType(), Pointee))) ||
        !OutsOf(CE, I, false))
      return false;
  }
  return true;
}

void Flow::select(const FunctionDecl &FD) {
  Uses U;
  U.TraverseStmt(FD.getBody());
  auto LentOnlyToSummaries = [&](const VarDecl *V) {
    auto It = U.Lent.find(V);
    unsigned N = It == U.Lent.end() ? 0 : It->second.size();
    return !U.Escaped.contains(V) && U.Addresses.lookup(V) == N &&
           (!N || summarized(It->second, V->getType()));
  };
  llvm::DenseSet<const VarDecl *> Chosen;
  auto Choose = [&](const VarDecl *V) {
    // A bound on the flow's cost; what is not followed is not known.
    const unsigned MaxVars = 16;
    if (Vars.size() < MaxVars && Chosen.insert(V).second)
      Vars.push_back(V);
  };
  for (const ParmVarDecl *P : FD.parameters()) {
    if (followable(P) && LentOnlyToSummaries(P) &&
        (U.Assigned.contains(P) || U.Addresses.lookup(P)))
      Choose(P);
    else if (followable(P) && !U.Assigned.contains(P) &&
             !U.Addresses.lookup(P) && !U.Escaped.contains(P))
      Unchanged.insert(P);
    // `*p` and `f(p)` only, f saying what it leaves there.
    auto Passed = U.Passed.find(P);
    unsigned N = Passed == U.Passed.end() ? 0 : Passed->second.size();
    if (pointerToInteger(P) && !U.Escaped.contains(P) &&
        U.Refs.lookup(P) == U.Derefs.lookup(P) + N && !U.Assigned.contains(P) &&
        (!N || summarized(Passed->second, P->getType()->getPointeeType())))
      Choose(P);
  }
  // Locals given a followed value, to a fixpoint: copies of copies.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[V, Values] : U.Sources)
      if (!Chosen.contains(V) && !isa<ParmVarDecl>(V) && followable(V) &&
          LentOnlyToSummaries(V) && llvm::any_of(Values, [&](const Expr *E) {
            return mentions(E, Chosen) || mentions(E, Unchanged);
          })) {
        size_t Before = Vars.size();
        Choose(V);
        Grew |= Vars.size() > Before;
      }
  }
  for (unsigned I = 0; I < Vars.size(); ++I)
    Index[Vars[I]] = I;
}

std::optional<unsigned> Flow::followed(const Expr *E) const {
  const VarDecl *V = varOf(E);
  bool Deref = !V;
  if (!V)
    V = derefOf(E);
  auto It = V ? Index.find(V) : Index.end();
  if (It == Index.end() || Deref != V->getType()->isPointerType())
    return std::nullopt;
  return It->second;
}

Value Flow::valueOf(const Expr *E, const State &S) const {
  return ParamBitsFlow::evaluate(
      E,
      [&](const Expr *N) -> std::optional<Value> {
        if (std::optional<unsigned> I = followed(N))
          return S[*I];
        if (const VarDecl *V = varOf(N); V && Unchanged.contains(V))
          return Value{int8_t(cast<ParmVarDecl>(V)->getFunctionScopeIndex()),
                       false, BitsTransfer::identity()};
        return std::nullopt;
      },
      Bits, Returns, Ctx);
}

void Flow::step(const Stmt *St, State &S) const {
  if (const auto *DS = dyn_cast<DeclStmt>(St)) {
    for (const Decl *D : DS->decls())
      if (auto It = Index.find(dyn_cast<VarDecl>(D)); It != Index.end()) {
        const VarDecl *V = It->first;
        if (V->getInit())
          assign(It->second, V->getInit(), V->getType(), S);
        else
          S[It->second] = Value::constant({});
      }
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(St))
    return stepCall(CE, S, false);
  if (const auto *U = dyn_cast<UnaryOperator>(St)) {
    if (std::optional<unsigned> I = U->isIncrementDecrementOp()
                                        ? followed(U->getSubExpr())
                                        : std::nullopt)
      S[*I] = Value::constant({});
    return;
  }
  const auto *B = dyn_cast<BinaryOperator>(St);
  std::optional<unsigned> I =
      B && B->isAssignmentOp() ? followed(B->getLHS()) : std::nullopt;
  if (!I)
    return;
  QualType To = B->getLHS()->getType();
  KnownBits R = convertBits(Bits(B->getRHS()), To, Ctx);
  switch (B->getOpcode()) {
  case BO_AndAssign:
    S[*I].T = S[*I].T.thenAnd(R);
    return;
  case BO_OrAssign:
    S[*I].T = orWith(S[*I].T, R, valueOf(B->getRHS(), S));
    return;
  case BO_Assign:
    assign(*I, B->getRHS(), To, S);
    return;
  default:
    S[*I] = Value::constant({});
  }
}

void Flow::stepCall(const CallExpr *CE, State &S, bool IfNonZero) const {
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *Arg = CE->getArg(I);
    const VarDecl *V = lentVar(Arg);
    if (!V)
      V = varOf(Arg);
    auto It = V ? Index.find(V) : Index.end();
    if (It == Index.end())
      continue;
    // `&x`, or a pointer parameter passed on (a copy of an integer
    // passed is only read).
    if (V == lentVar(Arg) || V->getType()->isPointerType())
      if (std::optional<BitsTransfer> Out = OutsOf(CE, I, IfNonZero))
        S[It->second].T = S[It->second].T.then(*Out);
  }
}

Value Flow::join(const Value &A, const Value &B) {
  // A value of nothing is the same for every entry: it joins either side.
  if (A.Param < 0 || B.Param < 0 ||
      (A.Param == B.Param && A.Pointee == B.Pointee)) {
    const Value &Base = A.Param < 0 ? B : A;
    return {Base.Param, Base.Pointee, A.T.join(B.T)};
  }
  return {};
}

/// The call whose result block B's branch tests (its non-zero result the
/// way out Negated says).
const CallExpr *testedCall(const CFGBlock &B, bool &Negated, ASTContext &Ctx) {
  const auto *Cond = B.succ_size() == 2
                         ? dyn_cast_or_null<Expr>(B.getTerminatorCondition())
                         : nullptr;
  return Cond ? dyn_cast<CallExpr>(ValueSlots::strip(Cond, Negated, Ctx))
              : nullptr;
}

using AtStatements =
    llvm::DenseMap<std::pair<const Stmt *, const VarDecl *>, Value>;

/// What every return, and every return of a value not known zero, leaves
/// where each pointer parameter followed points.
llvm::SmallVector<FunctionSummary::OutTransfer, 1>
leftWherePointersPoint(const CFG &Cfg, ASTContext &Ctx, const Flow &F,
                       const Flow::State &Exit, const AtStatements &At) {
  llvm::SmallVector<FunctionSummary::OutTransfer, 1> Outs;
  // The exits that may return non-zero, by their return statements.
  llvm::SmallVector<const ReturnStmt *, 4> NonZeroExits;
  for (const CFGBlock *B : Cfg)
    for (const CFGElement &E : *B)
      if (auto CS = E.getAs<CFGStmt>())
        if (const auto *R = dyn_cast<ReturnStmt>(CS->getStmt())) {
          Expr::EvalResult Constant;
          const Expr *V = R->getRetValue();
          if (V &&
              !(V->EvaluateAsInt(Constant, Ctx) && Constant.Val.getInt() == 0))
            NonZeroExits.push_back(R);
        }
  for (unsigned I = 0; I < F.Vars.size(); ++I) {
    const auto *P = dyn_cast<ParmVarDecl>(F.Vars[I]);
    if (!P || !P->getType()->isPointerType())
      continue;
    auto Left = [&](const Value &V) -> ArgBitsTransfer {
      bool Own = V.Param == int(P->getFunctionScopeIndex()) && V.Pointee;
      return Own || V.Param < 0 ? V.T : BitsTransfer::assigned({});
    };
    std::optional<Value> J;
    for (const ReturnStmt *R : NonZeroExits)
      if (auto It = At.find({R, P}); It != At.end())
        J = J ? Flow::join(*J, It->second) : It->second;
    ArgBitsTransfer All = Left(Exit[I]);
    Outs.push_back(
        {int8_t(P->getFunctionScopeIndex()), All, J ? Left(*J) : All});
  }
  return Outs;
}

} // namespace

const Expr *valueKeptBy(const CastExpr *C, ASTContext &Ctx) {
  QualType From = C->getSubExpr()->getType(), To = C->getType();
  bool Keeps = From->isIntegralOrEnumerationType() &&
               To->isIntegralOrEnumerationType() &&
               Ctx.getTypeSize(To) >= Ctx.getTypeSize(From) &&
               (Ctx.getTypeSize(To) == 64 ||
                From->isUnsignedIntegerOrEnumerationType() ||
                From->isSignedIntegerOrEnumerationType() ==
                    To->isSignedIntegerOrEnumerationType());
  bool Same =
      C->getCastKind() == CK_NoOp || C->getCastKind() == CK_LValueToRValue;
  return Same || (C->getCastKind() == CK_IntegralCast && Keeps)
             ? C->getSubExpr()
             : nullptr;
}

Value ParamBitsFlow::evaluate(const Expr *E, NameOf Names, BitsOf Bits,
                              ReturnOf Returns, ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    const Expr *Kept = valueKeptBy(C, Ctx);
    return Kept ? evaluate(Kept, Names, Bits, Returns, Ctx)
                : Value::constant(Bits(E));
  }
  if (std::optional<Value> V = Names(E))
    return *V;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (auto R = returnedArgument(Call, Returns)) {
      Value V = evaluate(R->first, Names, Bits, Returns, Ctx);
      V.T = V.T.then(R->second);
      return V;
    }
  // The other side's bits, whatever the variable is.
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Or || B->getOpcode() == BO_And))
    for (auto [X, Other] : {std::pair(B->getLHS(), B->getRHS()),
                            std::pair(B->getRHS(), B->getLHS())})
      if (Value V = evaluate(X, Names, Bits, Returns, Ctx); V.Param >= 0) {
        KnownBits O = convertBits(Bits(Other), B->getType(), Ctx);
        V.T = B->getOpcode() == BO_Or
                  ? orWith(V.T, O, evaluate(Other, Names, Bits, Returns, Ctx))
                  : V.T.thenAnd(O);
        return V;
      }
  return Value::constant(Bits(E));
}

ParamBitsFlow::ParamBitsFlow(const CFG &Cfg, ASTContext &Ctx,
                             const FunctionDecl &FD, BitsOf Bits,
                             ReturnOf Returns, OutOf OutsOf) {
  Flow F(Ctx, FD, Bits, Returns, OutsOf);
  if (F.Vars.empty())
    return;
  std::vector<std::optional<Flow::State>> In(Cfg.getNumBlockIDs());
  In[Cfg.getEntry().getBlockID()] = F.entry();
  // Each round only loses what is known, so the flow ends; a bound keeps
  // a pathological function from costing much: past it, nothing is said.
  const unsigned MaxRounds = 64;
  bool Changed = true;
  for (unsigned Round = 0; Changed && Round < MaxRounds; ++Round) {
    Changed = false;
    for (const CFGBlock *B : llvm::reverse(Cfg)) {
      if (!In[B->getBlockID()])
        continue;
      Flow::State S = *In[B->getBlockID()];
      // Where the block's branch tests a call's result, the way its
      // non-zero result takes has what the call leaves on its exits that
      // return non-zero.
      bool Negated = false;
      const CallExpr *Tested = testedCall(*B, Negated, Ctx);
      std::optional<Flow::State> NonZero, AfterTested;
      for (const CFGElement &E : *B)
        if (auto CS = E.getAs<CFGStmt>()) {
          const Stmt *St = CS->getStmt();
          if (isa<CallExpr>(St) || isa<ReturnStmt>(St))
            for (unsigned I = 0; I < F.Vars.size(); ++I)
              AtCalls[{St, F.Vars[I]}] = S[I];
          if (St == Tested) {
            NonZero = S;
            F.stepCall(Tested, *NonZero, true);
          }
          F.step(St, S);
          if (St == Tested)
            AfterTested = S;
        }
      if (NonZero && S != *AfterTested)
        NonZero.reset();
      unsigned K = 0;
      for (const CFGBlock::AdjacentBlock &Succ : B->succs()) {
        const Flow::State &Out =
            NonZero && K++ == unsigned(Negated) ? *NonZero : S;
        if (!Succ.getReachableBlock())
          continue;
        std::optional<Flow::State> &To = In[Succ->getBlockID()];
        if (!To) {
          To = Out;
          Changed = true;
          continue;
        }
        for (unsigned I = 0; I < Out.size(); ++I)
          if (Value J = Flow::join((*To)[I], Out[I]); !(J == (*To)[I])) {
            (*To)[I] = J;
            Changed = true;
          }
      }
    }
  }
  if (Changed) {
    AtCalls.clear();
    return;
  }
  if (const std::optional<Flow::State> &Exit = In[Cfg.getExit().getBlockID()])
    Outs = leftWherePointersPoint(Cfg, Ctx, F, *Exit, AtCalls);
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

std::optional<std::pair<unsigned, BitsTransfer>>
ParamBitsFlow::at(const Stmt *S, const VarDecl *V) const {
  auto It = AtCalls.find({S, V});
  if (It == AtCalls.end())
    return std::nullopt;
  const Value &Val = It->second;
  const auto *P = dyn_cast<ParmVarDecl>(V);
  // The solve knows one parameter's bits at a time: the ones another
  // argument adds are not said.
  if (Val.Param >= 0 && !Val.Pointee)
    return std::pair(unsigned(Val.Param), Val.T.T);
  // A parameter holding what no entry value decides: its own index, with
  // a transfer that keeps nothing of it.
  if (P)
    return std::pair(P->getFunctionScopeIndex(),
                     Val.Param < 0 ? Val.T.T : BitsTransfer::assigned({}));
  return std::nullopt;
}

} // namespace kharden

#include "engine/ValueSlots.h"
#include "engine/CfgReach.h"
#include "engine/FieldStores.h"
#include "engine/IntegerBits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"

#include <algorithm>

using namespace clang;

namespace kharden {

std::optional<bool> constantTruth(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent())
    return std::nullopt;
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return false;
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getBoolValue();
  return std::nullopt;
}

const Expr *ValueSlots::stripOnce(const Expr *E, bool &Negated,
                                  ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_LNot) {
    Negated = !Negated;
    return U->getSubExpr()->IgnoreParenImpCasts();
  }
  if (const auto *CE = dyn_cast<CallExpr>(E);
      CE && CE->getBuiltinCallee() == Builtin::BI__builtin_expect)
    return CE->getArg(0)->IgnoreParenImpCasts();
  // A statement expression's value is its last statement's.
  if (const auto *SE = dyn_cast<StmtExpr>(E))
    if (const Expr *Last = statementValue(SE))
      return Last->IgnoreParenImpCasts();
  // `x != NULL`, `x == 0`: a test of x.
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->isEqualityOp() && !B->getLHS()->isValueDependent() &&
      B->getRHS()->IgnoreParenCasts()->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull)) {
    Negated ^= B->getOpcode() == BO_EQ;
    return B->getLHS()->IgnoreParenImpCasts();
  }
  // `x > 0` of an unsigned x is `x != 0` (`while (walk.nbytes > 0)` after
  // `if (!walk.nbytes)`).
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_GT && !B->getLHS()->isValueDependent() &&
      B->getLHS()->getType()->isUnsignedIntegerType() &&
      constantTruth(B->getRHS(), Ctx) == false)
    return B->getLHS()->IgnoreParenImpCasts();
  return E;
}

const Expr *ValueSlots::strip(const Expr *E, bool &Negated, ASTContext &Ctx) {
  for (const Expr *Inner = stripOnce(E, Negated, Ctx); Inner != E;
       Inner = stripOnce(E, Negated, Ctx))
    E = Inner;
  return E;
}

namespace {

/// What a branch condition tests under its wrappers; null where a kernel
/// model primitive decides it.
const Expr *tested(const Expr *Cond, PrimitiveOf IsPrimitive,
                   ASTContext &Ctx) {
  bool Negated = false;
  for (const Expr *E = Cond->IgnoreParenImpCasts();;) {
    if (IsPrimitive(E))
      return nullptr;
    const Expr *Inner = ValueSlots::stripOnce(E, Negated, Ctx);
    if (Inner == E)
      return E;
    E = Inner;
  }
}

/// Values a relation test compares whole: pointers (`hb1 != hb2`), and
/// integers such as the bucket indexes unix_table_double_lock() locks two
/// of (`hash1 == hash2`; net/unix/af_unix.c, 6.1 and 6.12).
bool comparedWhole(QualType T) {
  return T->isPointerType() || T->isIntegralOrEnumerationType();
}

std::vector<Effect> intersect(const std::vector<Effect> &A,
                              const std::vector<Effect> &B) {
  std::vector<Effect> Out;
  for (Effect E : A)
    if (llvm::is_contained(B, E))
      Out.push_back(E);
  return Out;
}

std::vector<Effect> unite(std::vector<Effect> A, const std::vector<Effect> &B) {
  for (Effect E : B)
    if (!llvm::is_contained(A, E))
      A.push_back(E);
  return A;
}

} // namespace

/// What each outcome of a value made of context predicates implies, if it
/// is one: `a || b` true implies only what both imply, false what either.
std::optional<ValueSlots::Fork>
ValueSlots::predicate(const Expr *E, PrimitiveOf IsPrimitive, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const Primitive *P = IsPrimitive(E)) {
    if (P->Access || (P->WhenTrue.empty() && P->WhenFalse.empty()))
      return std::nullopt;
    return Fork{E, 0, P->WhenTrue, P->WhenFalse, {E}};
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    bool Or = B->getOpcode() == BO_LOr || B->getOpcode() == BO_Or;
    if (!Or && B->getOpcode() != BO_LAnd)
      return std::nullopt;
    std::optional<Fork> L = predicate(B->getLHS(), IsPrimitive, Ctx);
    std::optional<Fork> R = L ? predicate(B->getRHS(), IsPrimitive, Ctx)
                              : std::nullopt;
    if (!R)
      return std::nullopt;
    L->Primitives.append(R->Primitives);
    if (Or) {
      L->IfTrue = intersect(L->IfTrue, R->IfTrue);
      L->IfFalse = unite(L->IfFalse, R->IfFalse);
    } else {
      L->IfTrue = unite(L->IfTrue, R->IfTrue);
      L->IfFalse = intersect(L->IfFalse, R->IfFalse);
    }
    return L;
  }
  bool Negated = false;
  const Expr *Inner = stripOnce(E, Negated, Ctx);
  if (Inner == E)
    return std::nullopt;
  std::optional<Fork> F = predicate(Inner, IsPrimitive, Ctx);
  if (F && Negated)
    std::swap(F->IfTrue, F->IfFalse);
  return F;
}

namespace {

llvm::FoldingSetNodeID profileOf(const Expr *E, ASTContext &Ctx) {
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  return ID;
}

/// A local scalar variable: what a variable slot can hold.
const VarDecl *scalarLocal(const ValueDecl *D) {
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
                 !VD->getType().isVolatileQualified() &&
                 VD->getType()->isScalarType()
             ? VD
             : nullptr;
}

/// Calls F on every call in S, in source order.
void forEachCall(const Stmt *S, llvm::function_ref<void(const CallExpr *)> F) {
  if (!S)
    return;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    F(CE);
  for (const Stmt *Child : S->children())
    forEachCall(Child, F);
}

/// What the body does that decides which values can be slots.
class BodyFacts : public RecursiveASTVisitor<BodyFacts> {
public:
  llvm::DenseSet<const ValueDecl *> AddressTaken;
  /// Values assigned to a local variable or returned (null).
  llvm::SmallVector<std::pair<const Expr *, const VarDecl *>, 8> Values;

  llvm::DenseSet<const ValueDecl *> Assigned;
  /// Assigned other than by moving a pointer (`p += n`, `p++`).
  llvm::DenseSet<const ValueDecl *> Replaced;

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const ValueDecl *D = namedDecl(U->getSubExpr())) {
        AddressTaken.insert(D);
        ++AddressUses[D];
      }
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    for (const Expr *Arg : CE->arguments())
      if (const ValueDecl *D = lentTo(Arg))
        ++Lent[D];
    return true;
  }
  /// Taken somewhere other than as a call's argument (stored, returned,
  /// assigned to a pointer): code that never names it may change it.
  llvm::DenseSet<const ValueDecl *> escaped() const {
    llvm::DenseSet<const ValueDecl *> Out;
    for (const auto &[D, N] : AddressUses)
      if (Lent.lookup(D) < N)
        Out.insert(D);
    return Out;
  }
  bool VisitExpr(Expr *E) {
    std::optional<StoreStmt> W = storeOf(E);
    const ValueDecl *D = W ? namedDecl(W->Target) : nullptr;
    if (!D)
      return true;
    Assigned.insert(D);
    StoresTo[D].push_back(E);
    if (!W->PointerStep)
      Replaced.insert(D);
    if (const VarDecl *V = scalarLocal(D); V && W->Value)
      result(W->Value, V);
    return true;
  }
  /// An asm statement's outputs hold what it leaves there.
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    for (const Expr *Out : A->outputs())
      if (const ValueDecl *D = namedDecl(Out)) {
        Assigned.insert(D);
        Replaced.insert(D);
      }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->hasInit() && scalarLocal(VD))
      result(VD->getInit(), VD);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    if (R->getRetValue())
      result(R->getRetValue(), nullptr);
    return true;
  }

  /// `T t = (a); (a) = (b); (b) = t;` (the kernel's swap()) of two
  /// variables of one type: afterwards they hold the same two values.
  bool VisitCompoundStmt(CompoundStmt *C) {
    llvm::SmallVector<const Stmt *, 8> Body(C->body());
    for (size_t I = 0; I + 2 < Body.size(); ++I) {
      const auto *DS = dyn_cast<DeclStmt>(Body[I]);
      const auto *T = DS && DS->isSingleDecl()
                          ? dyn_cast<VarDecl>(DS->getSingleDecl())
                          : nullptr;
      const ValueDecl *A = T && T->getInit() ? refOf(T->getInit()) : nullptr;
      const auto *First = dyn_cast<BinaryOperator>(Body[I + 1]);
      const auto *Second = dyn_cast<BinaryOperator>(Body[I + 2]);
      if (!A || !First || !Second || First->getOpcode() != BO_Assign ||
          Second->getOpcode() != BO_Assign || refOf(First->getLHS()) != A)
        continue;
      const ValueDecl *B = refOf(First->getRHS());
      auto Type = [](const ValueDecl *D) {
        return D->getType().getCanonicalType().getUnqualifiedType();
      };
      if (!B || B == A || B == T || refOf(Second->getLHS()) != B ||
          refOf(Second->getRHS()) != T || Type(A) != Type(B) ||
          Type(A) != Type(T))
        continue;
      Swaps[First] = {A, B};
      Swaps[Second] = {B, A};
    }
    return true;
  }
  /// Variables only ever assigned by a swap with one other, and that other.
  llvm::DenseMap<const ValueDecl *, const ValueDecl *> swappedOnly() const {
    llvm::DenseMap<const ValueDecl *, const ValueDecl *> Out;
    for (const auto &[D, Stores] : StoresTo) {
      const ValueDecl *With = nullptr;
      for (const Expr *E : Stores) {
        auto It = Swaps.find(E);
        if (It == Swaps.end() || It->second.first != D ||
            (With && It->second.second != With)) {
          With = nullptr;
          break;
        }
        With = It->second.second;
      }
      if (With)
        Out[D] = With;
    }
    return Out;
  }

private:
  static const ValueDecl *refOf(const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return D ? D->getDecl() : nullptr;
  }
  void result(const Expr *E, const VarDecl *To) { Values.push_back({E, To}); }
  llvm::DenseMap<const ValueDecl *, llvm::SmallVector<const Expr *, 2>>
      StoresTo;
  /// A swap's assignments: the variable assigned, and the one it swaps with.
  llvm::DenseMap<const Expr *, std::pair<const ValueDecl *, const ValueDecl *>>
      Swaps;
  llvm::DenseMap<const ValueDecl *, unsigned> AddressUses, Lent;
};

/// A condition whose value a second test may assume unchanged: no writes,
/// no primitives, only direct calls. Collects the variables and fields read.
class StableCondition : public RecursiveASTVisitor<StableCondition> {
public:
  StableCondition(PrimitiveOf IsPrimitive,
                  const llvm::DenseSet<const ValueDecl *> &AddressTaken)
      : IsPrimitive(IsPrimitive), AddressTaken(AddressTaken) {}
  bool Stable = true;
  llvm::SmallVector<const ValueDecl *, 4> Reads;

  bool VisitStmt(Stmt *S) {
    const auto *E = dyn_cast<Expr>(S);
    if (!E || isa<StmtExpr>(E) || IsPrimitive(E))
      Stable = false;
    return Stable;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    Stable &= !B->isAssignmentOp();
    return Stable;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    Stable &= !U->isIncrementDecrementOp();
    return Stable;
  }
  bool VisitCallExpr(CallExpr *CE) {
    Stable &= CE->getDirectCallee() != nullptr;
    return Stable;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Stable &= !AddressTaken.contains(DRE->getDecl());
    Reads.push_back(DRE->getDecl());
    return Stable;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    Reads.push_back(ME->getMemberDecl());
    return true;
  }

private:
  PrimitiveOf IsPrimitive;
  const llvm::DenseSet<const ValueDecl *> &AddressTaken;
};

} // namespace

ValueSlots::ValueSlots(
    const FunctionDecl *FD, const CFG &Cfg, ASTContext &Ctx,
    PrimitiveOf IsPrimitive,
    llvm::function_ref<bool(const CallExpr *)> ReturnsFacts,
    llvm::function_ref<
        llvm::SmallVector<std::pair<unsigned, unsigned>, 1>(const CallExpr *)>
        RelatedArgs,
    std::function<std::optional<unsigned>(const CallExpr *)> MemberOf,
    std::function<bool(const FunctionDecl *)> IsBitTest,
    std::function<llvm::SmallVector<TestedArg, 1>(const CallExpr *)>
        TruthTestedArgs,
    std::function<std::optional<ParamTest>(const CallExpr *)> ReturnedTest)
    : FD(FD), Ctx(Ctx), MemberOf(std::move(MemberOf)),
      IsBitTest(std::move(IsBitTest)), ReturnedTest(std::move(ReturnedTest)) {
  BodyFacts Body;
  Body.TraverseStmt(FD->getBody());
  AddressTaken = std::move(Body.AddressTaken);
  llvm::DenseSet<const ValueDecl *> Escaped = Body.escaped();
  Assigned = std::move(Body.Assigned);
  Replaced = std::move(Body.Replaced);
  SwappedWith = Body.swappedOnly();

  // Variables a direct call's signed result is assigned to.
  llvm::DenseSet<const VarDecl *> CallResults;
  for (auto [Value, To] : Body.Values) {
    const auto *Call =
        To ? dyn_cast<CallExpr>(Value->IgnoreParenImpCasts()) : nullptr;
    if (Call && Call->getDirectCallee() &&
        Call->getDirectCallee()->getReturnType()->isSignedIntegerType())
      CallResults.insert(To);
  }
  // A local's only value, which its tests read (`bool can_direct_reclaim
  // = gfp_mask & __GFP_DIRECT_RECLAIM;`).
  for (auto [Value, To] : Body.Values)
    if (To && Value == To->getInit() && !Replaced.contains(To) &&
        !AddressTaken.contains(To))
      (Assigned.contains(To) ? Stepped : Initializers)[To] = Value;
  // Candidates in CFG order, so that slot numbers are deterministic.
  struct Candidate {
    const Expr *E;
    llvm::FoldingSetNodeID ID;
    unsigned Tests = 0;
  };
  llvm::SmallVector<Candidate, 8> Conditions;
  llvm::SmallVector<ParamTest, 2> Truths;
  for (const CFGBlock *B : llvm::reverse(Cfg)) {
    const Expr *Cond = branchCondition(*B);
    if (!Cond)
      continue;
    if (const Expr *Whole = Cond; !(Cond = tested(Cond, IsPrimitive, Ctx))) {
      // A primitive macro's value is still its expansion's: WARN_ON(cond)
      // is cond's truth, which may be a test of the parameters.
      bool Negated = false;
      if (std::optional<ParamTest> T =
              testOf(strip(Whole, Negated, Ctx), Negated))
        testSlot(*T);
      continue;
    }
    // A test of the parameters, or a call or a local that is one: past the
    // test slots, a local slot keeps the call's or the local's value.
    bool Negated = false;
    if (std::optional<ParamTest> T = testOf(Cond, Negated);
        T && (testSlot(*T) || paramTest(Cond)))
      continue;
    if (auto S = signTest(Cond)) {
      // Only a callee's return gives a variable a sign worth a slot.
      if (CallResults.contains(S->first) && !AddressTaken.contains(S->first) &&
          !signSlot(S->first) && Locals.size() < RelState::MaxLocals)
        Locals.push_back({S->first, nullptr, {}, {}, true, true});
      continue;
    }
    if (isa<DeclRefExpr>(Cond)) {
      const VarDecl *V = scalarLocal(namedDecl(Cond));
      if (V && !AddressTaken.contains(V) && !varSlot(V) &&
          Locals.size() < RelState::MaxLocals)
        Locals.push_back({V, nullptr, {}, {}, true});
      if (std::optional<ParamTest> T = truthTest(Cond);
          T && !llvm::is_contained(Truths, *T))
        Truths.push_back(*T);
      continue; // a parameter's slot is its index
    }
    // What no path changes needs no slot: a constant (`sizeof(x) ==
    // sizeof(char)`, READ_ONCE()'s size check), an address, or the
    // compiler's choice between equivalent implementations (the bitops'
    // `__builtin_constant_p(nr) ? const_test_bit(..) : _test_bit(..)`).
    if (decided(Cond))
      continue;
    llvm::FoldingSetNodeID ID = profileOf(Cond, Ctx);
    auto It = llvm::find_if(Conditions,
                            [&](const Candidate &C) { return C.ID == ID; });
    if (It == Conditions.end())
      It = Conditions.insert(Conditions.end(), {Cond, ID, 0});
    ++It->Tests;
  }
  // A pointer's truth only after the tests of bits, which a constant
  // argument decides: those were here first, where slots run short.
  for (const ParamTest &T : Truths)
    testSlot(T);
  // Where slots run short, calls that say what they returned go first: a
  // conditional lock (`if (swap_offset_available_and_locked(si, off))`)
  // decides the context, a repeated test of a local only a path.
  std::stable_partition(Conditions.begin(), Conditions.end(),
                        [&](const Candidate &C) {
                          const auto *Call = dyn_cast<CallExpr>(C.E);
                          return Call && ReturnsFacts(Call);
                        });
  // A local pointer passed where a callee tests its truth: what the path
  // knows of it (a lock taken through it, a callee's returned pointer)
  // selects the callee's exits, which may hold or release a lock
  // (`ci = lock_cluster(si, off); ... unlock_cluster(ci);`), before
  // conditions that only select paths (6.1's scan_swap_map_slots() has
  // more than its slots).
  // So does a local whose address the function only lends to calls, to
  // a callee that tests what it points to (6.12's netlink_unicast()'s
  // `timeo = sock_sndtimeo(ssk, nonblock)`, then `netlink_attachskb(..,
  // &timeo, ..)`, which sleeps only `if (*timeo)`); each call it is lent
  // to forgets it (writes()).
  if (TruthTestedArgs)
    forEachCall(FD->getBody(), [&](const CallExpr *CE) {
      for (auto [I, Pointee, Mask] : TruthTestedArgs(CE)) {
        if (I >= CE->getNumArgs())
          continue;
        const Expr *Arg = CE->getArg(I)->IgnoreParenImpCasts();
        const auto *D = dyn_cast<DeclRefExpr>(Arg);
        const VarDecl *V = nullptr;
        if (Pointee)
          V = dyn_cast_or_null<VarDecl>(lentTo(Arg));
        else if (D && D->getType()->isPointerType() &&
                 !AddressTaken.contains(D->getDecl()))
          V = dyn_cast<VarDecl>(D->getDecl());
        V = V ? scalarLocal(V) : nullptr;
        if (V && Pointee && Mask != typeBits(V->getType(), Ctx))
          continue; // some bits of it, not its truth
        if (V && !(Pointee && Escaped.contains(V)) && !varSlot(V) &&
            Locals.size() < RelState::MaxLocals)
          Locals.push_back({V, nullptr, {}, {}, true});
      }
    });
  // A local copied into one that has a slot (`pcp = ({ ...; _ret; })`,
  // 6.1's and 6.12's pcp_spin_trylock(), which sets `_ret = NULL` where the
  // trylock failed and unpinned): the copy takes what the path knows of it.
  for (auto [Value, To] : Body.Values)
    if (const VarDecl *From = To && varSlot(To) ? copiedLocal(Value) : nullptr;
        From && !AddressTaken.contains(From) && !varSlot(From) &&
        Locals.size() < RelState::MaxLocals)
      Locals.push_back({From, nullptr, {}, {}, true});
  for (Candidate &C : Conditions) {
    if (Locals.size() == RelState::MaxLocals)
      break;
    StableCondition Check(IsPrimitive, Escaped);
    Check.TraverseStmt(const_cast<Expr *>(C.E));
    const auto *Call = dyn_cast<CallExpr>(C.E);
    if (C.Tests >= 2 && Check.Stable)
      Locals.push_back({nullptr, C.E, std::move(C.ID), std::move(Check.Reads)});
    else if (Call && ReturnsFacts(Call)) // each call says what it returned
      Locals.push_back({nullptr, C.E, std::move(C.ID), {}, true});
  }
  // Pairs of local pointers passed to two or more callees that test their
  // relation: what the first found, the next take (last, so that the
  // slots of functions without such calls stay as they were).
  struct PairUse {
    const VarDecl *A, *B;
    unsigned Calls;
  };
  llvm::SmallVector<PairUse, 2> Pairs;
  // A parameter the function never assigns is one value throughout; a pair
  // of two is its callers' relation test instead (relationTest()).
  auto Compared = [&](const Expr *E) -> const VarDecl * {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *P = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    const VarDecl *V = P && !Assigned.contains(P) ? P
                       : D                        ? scalarLocal(D->getDecl())
                                                  : nullptr;
    return V && comparedWhole(V->getType()) && !AddressTaken.contains(V)
               ? V
               : nullptr;
  };
  forEachCall(FD->getBody(), [&](const CallExpr *CE) {
    for (auto [I, J] : RelatedArgs(CE)) {
      if (I >= CE->getNumArgs() || J >= CE->getNumArgs())
        continue;
      const VarDecl *A = Compared(CE->getArg(I)), *B = Compared(CE->getArg(J));
      if (!A || !B || A == B || (isa<ParmVarDecl>(A) && isa<ParmVarDecl>(B)))
        continue;
      auto It = llvm::find_if(Pairs, [&](const PairUse &P) {
        return (P.A == A && P.B == B) || (P.A == B && P.B == A);
      });
      if (It == Pairs.end())
        Pairs.push_back({A, B, 1});
      else
        ++It->Calls;
    }
  });
  for (const PairUse &P : Pairs)
    if (P.Calls >= 2 && Locals.size() < RelState::MaxLocals) {
      Local &L = Locals.emplace_back();
      L.Reads = {P.A, P.B};
      L.Pair = true;
    }

  for (auto [Value, To] : Body.Values) {
    if (!To)
      Returned.push_back(Value);
    std::optional<unsigned> Slot =
        To ? varSlot(To) : std::optional<unsigned>(RelState::RetSlot);
    // A call's sign, where its return type's sign survives the variable's.
    const auto *SignCall = dyn_cast<CallExpr>(Value->IgnoreParenImpCasts());
    const FunctionDecl *Callee =
        SignCall ? SignCall->getDirectCallee() : nullptr;
    if (std::optional<unsigned> Sign = To ? signSlot(To) : std::nullopt;
        Sign && Callee && !IsPrimitive(SignCall)) {
      QualType R = Callee->getReturnType(), V = To->getType();
      if (R->isSignedIntegerType() && V->isSignedIntegerType() &&
          Ctx.getTypeSize(V) >= Ctx.getTypeSize(R)) {
        SignResults[SignCall] = *Sign;
        SetByEvent.insert(Value);
      }
    }
    if (!Slot)
      continue;
    // A test kept in a slot splits the paths where it is assigned.
    bool Negated = false;
    if (std::optional<ParamTest> T = paramTest(strip(Value, Negated, Ctx)))
      testSlot(*T);
    const auto *Call = dyn_cast<CallExpr>(Value->IgnoreParenCasts());
    if (Call && Call->getDirectCallee() && !IsPrimitive(Call)) {
      Results[Call] = *Slot;
      SetByEvent.insert(Value);
      continue;
    }
    if (std::optional<Fork> F = predicate(Value, IsPrimitive, Ctx);
        F && (!F->IfTrue.empty() || !F->IfFalse.empty())) {
      F->Value = Value;
      F->Slot = uint8_t(*Slot);
      Forks.push_back(std::move(*F));
      SetByEvent.insert(Value);
    }
  }
}

const ValueSlots::Fork *ValueSlots::forkOf(const Expr *Value) const {
  for (const Fork &F : Forks)
    if (F.Value == Value)
      return &F;
  return nullptr;
}

std::optional<unsigned> ValueSlots::paramIndex(const Expr *E) const {
  const auto *PVD = dyn_cast_or_null<ParmVarDecl>(namedDecl(E));
  if (!PVD || PVD->getDeclContext() != FD || AddressTaken.contains(PVD))
    return std::nullopt;
  unsigned I = PVD->getFunctionScopeIndex();
  return I < RelState::MaxParams ? std::optional<unsigned>(I) : std::nullopt;
}

std::optional<FieldPath> ValueSlots::fieldOf(const Expr *LValue,
                                             unsigned Depth) const {
  const Expr *E = LValue->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
    std::optional<FieldPath> Obj =
        !Field             ? std::nullopt
        : M->isArrow()     ? pointeeOf(M->getBase(), Depth)
                           : fieldOf(M->getBase(), Depth);
    if (Obj)
      Obj->Field = joinField(Obj->Field, Field->getName());
    return Obj;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointeeOf(U->getSubExpr(), Depth);
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      return FieldPath{V, false, ""};
  return std::nullopt;
}

std::optional<FieldPath> ValueSlots::pointeeOf(const Expr *Pointer,
                                               unsigned Depth) const {
  const Expr *E = Pointer->IgnoreParens();
  while (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    if (C->getCastKind() != CK_LValueToRValue && C->getCastKind() != CK_NoOp)
      break;
    E = C->getSubExpr()->IgnoreParens();
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    return fieldOf(U->getSubExpr(), Depth);
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || !V->getType()->isPointerType() || AddressTaken.contains(V))
    return std::nullopt;
  if (auto It = Initializers.find(V); It != Initializers.end() && Depth < 4)
    if (std::optional<FieldPath> Alias = pointeeOf(It->second, Depth + 1))
      return Alias; // `evt = &hc->evt`
  if (Assigned.contains(V))
    return std::nullopt;
  return FieldPath{V, true, ""};
}

std::optional<ArgRef> ValueSlots::argRefOf(const FieldPath &F) const {
  const auto *P = dyn_cast<ParmVarDecl>(F.Base);
  if (!P || !F.Through || P->getDeclContext() != FD ||
      P->getFunctionScopeIndex() >= RelState::MaxParams)
    return std::nullopt;
  return ArgRef{uint8_t(P->getFunctionScopeIndex()), F.Field};
}

std::optional<ArgRef> ValueSlots::argRefOf(const Expr *E) const {
  if (std::optional<unsigned> P = paramIndex(E))
    return ArgRef{uint8_t(*P), ""};
  std::optional<FieldPath> F = fieldOf(E);
  if (!F || (F->Field.empty() && !E->getType()->isScalarType()))
    return std::nullopt;
  std::optional<ArgRef> A = argRefOf(*F);
  if (A && F->Field.empty()) // `*p`
    A->Field = ArgRef::Pointee;
  return A;
}

std::optional<ParamTest> ValueSlots::paramTest(const Expr *E) const {
  if (std::optional<ParamTest> T = kharden::paramTest(
          E, Ctx, [&](const Expr *X) { return argRefOf(X); }))
    return T;
  if (std::optional<ParamTest> T = bitTest(E))
    return T;
  return relationOf(E);
}

std::optional<ParamTest> ValueSlots::truthTest(const Expr *E) const {
  std::optional<unsigned> P = paramIndex(E->IgnoreParenImpCasts());
  QualType T = E->IgnoreParenImpCasts()->getType();
  if (!P || !(T->isPointerType() || T->isIntegerType()))
    return std::nullopt;
  return ParamTest::truthOf(uint8_t(*P));
}

std::optional<ParamTest> ValueSlots::bitTest(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  // `bitop(_test_bit, nr, addr)` (include/linux/bitops.h, 6.1 and 6.12):
  // `... ? const_test_bit(nr, addr) : _test_bit(nr, addr)`.
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    std::optional<ParamTest> T = bitTest(C->getTrueExpr());
    return T && T == bitTest(C->getFalseExpr()) ? T : std::nullopt;
  }
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  if (!F || !IsBitTest || CE->getNumArgs() != 2 || !IsBitTest(F))
    return std::nullopt;
  // Bit nr of the first word, an unsigned long of 64 bits: the word's own
  // bit nr on either byte order (generic_test_bit(): `addr[BIT_WORD(nr)]
  // >> (nr & (BITS_PER_LONG-1))`).
  std::optional<uint64_t> Nr = constantInteger(CE->getArg(0), Ctx);
  const Expr *Bitmap = CE->getArg(1)->IgnoreParenCasts();
  // 6.12's `void *private = &folio->private; return test_bit(.., private);`
  if (const auto *D = dyn_cast<DeclRefExpr>(Bitmap))
    if (auto It = Initializers.find(dyn_cast<VarDecl>(D->getDecl()));
        It != Initializers.end())
      Bitmap = It->second->IgnoreParenCasts();
  const auto *Addr = dyn_cast<UnaryOperator>(Bitmap);
  if (!Nr || *Nr >= 64 || !Addr || Addr->getOpcode() != UO_AddrOf)
    return std::nullopt;
  const Expr *Word = Addr->getSubExpr();
  if (!Word->getType()->isIntegerType() ||
      Ctx.getTypeSize(Word->getType()) != 64)
    return std::nullopt;
  std::optional<ArgRef> A = argRefOf(Word);
  if (!A)
    return std::nullopt;
  return ParamTest{std::move(*A), false, uint64_t(1) << *Nr, 0};
}

std::optional<ParamTest> ValueSlots::testOf(const Expr *E,
                                            bool &Negated) const {
  bool Through = Negated;
  // Locals initialized from locals: a few steps are all real code takes.
  for (unsigned Step = 0; Step < 4; ++Step) {
    std::optional<ParamTest> T = paramTest(E);
    if (!T)
      T = calledTest(E);
    if (T) {
      Negated = Through;
      return T;
    }
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    auto It = D ? Initializers.find(dyn_cast<VarDecl>(D->getDecl()))
                : Initializers.end();
    if (It == Initializers.end())
      return std::nullopt;
    E = strip(It->second, Through, Ctx);
  }
  return std::nullopt;
}

std::optional<ParamTest> ValueSlots::calledTest(const Expr *E) const {
  const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  std::optional<ParamTest> T =
      CE && ReturnedTest ? ReturnedTest(CE) : std::nullopt;
  // A field of what the callee was passed is not one of the caller's.
  if (!T || T->relation() || !T->Arg.Field.empty() ||
      T->Arg.Index >= CE->getNumArgs())
    return std::nullopt;
  std::optional<ArgRef> Mine = argRefOf(CE->getArg(T->Arg.Index));
  if (!Mine)
    return std::nullopt;
  T->Arg = std::move(*Mine);
  return T;
}

std::optional<ParamTest> ValueSlots::relationOf(const Expr *E) const {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || !B->isEqualityOp())
    return std::nullopt;
  const Expr *L = B->getLHS()->IgnoreParenImpCasts();
  const Expr *R = B->getRHS()->IgnoreParenImpCasts();
  // `__rq_lockp(rq1) != __rq_lockp(rq2)`: the addresses of one member of
  // two objects are equal only where the objects are.
  const auto *LC = dyn_cast<CallExpr>(L), *RC = dyn_cast<CallExpr>(R);
  if (LC && RC) {
    const FunctionDecl *F = LC->getDirectCallee();
    std::optional<unsigned> M = F && F == RC->getDirectCallee() && MemberOf
                                    ? MemberOf(LC)
                                    : std::nullopt;
    if (!M || *M >= LC->getNumArgs() || *M >= RC->getNumArgs())
      return std::nullopt;
    L = LC->getArg(*M);
    R = RC->getArg(*M);
  }
  return relationTest(L, R, B->getOpcode() == BO_EQ);
}

bool ValueSlots::keepsPair(const ParmVarDecl *P, const ParmVarDecl *Q) const {
  auto Keeps = [&](const ParmVarDecl *X, const ParmVarDecl *Other) {
    return !AddressTaken.contains(X) &&
           (!Assigned.contains(X) || SwappedWith.lookup(X) == Other);
  };
  return Keeps(P, Q) && Keeps(Q, P);
}

std::optional<ParamTest> ValueSlots::relationTest(const Expr *X, const Expr *Y,
                                                  bool Equal) const {
  auto Param = [&](const Expr *E) -> const ParmVarDecl * {
    const ParmVarDecl *P = parameterOf(E);
    return P && P->getDeclContext() == FD &&
                   P->getFunctionScopeIndex() < RelState::MaxParams &&
                   comparedWhole(P->getType())
               ? P
               : nullptr;
  };
  const ParmVarDecl *P = Param(X), *Q = Param(Y);
  if (!P || !Q || P == Q || !keepsPair(P, Q))
    return std::nullopt;
  unsigned I = P->getFunctionScopeIndex(), J = Q->getFunctionScopeIndex();
  ParamTest T;
  T.Arg.Index = uint8_t(std::min(I, J));
  T.Equal = Equal;
  T.Other = int8_t(std::max(I, J));
  return T;
}

bool ValueSlots::relationSlot(unsigned Slot) const {
  return Slot >= RelState::FirstTestSlot &&
         Slot - RelState::FirstTestSlot < Tests.size() &&
         Tests[Slot - RelState::FirstTestSlot].relation();
}

std::optional<unsigned> ValueSlots::pairSlot(const Expr *X,
                                             const Expr *Y) const {
  const auto *A = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
  const auto *B = dyn_cast<DeclRefExpr>(Y->IgnoreParenImpCasts());
  if (!A || !B)
    return std::nullopt;
  for (unsigned I = 0; I < Locals.size(); ++I) {
    const Local &L = Locals[I];
    if (L.Pair && ((L.Reads[0] == A->getDecl() && L.Reads[1] == B->getDecl()) ||
                   (L.Reads[0] == B->getDecl() && L.Reads[1] == A->getDecl())))
      return RelState::MaxParams + I;
  }
  return std::nullopt;
}

std::optional<unsigned> ValueSlots::returnsMemberOf() const {
  if (Returned.size() != 1)
    return std::nullopt;
  const auto *U =
      dyn_cast<UnaryOperator>(Returned.front()->IgnoreParenImpCasts());
  if (!U || U->getOpcode() != UO_AddrOf)
    return std::nullopt;
  // A chain of members only (no array index): a fixed offset.
  std::optional<FieldPath> F = fieldOf(U->getSubExpr());
  const auto *P = F ? dyn_cast<ParmVarDecl>(F->Base) : nullptr;
  if (!P || !F->Through || F->Field.empty() || P->getDeclContext() != FD ||
      Assigned.contains(P) || AddressTaken.contains(P))
    return std::nullopt;
  return P->getFunctionScopeIndex();
}

KnownBits ValueSlots::knownBits(const Expr *E, CallBits OfCall,
                                unsigned Depth) const {
  return kharden::knownBits(
      E, Ctx,
      [&](const Expr *Leaf, unsigned At) -> KnownBits {
        if (const auto *CE = dyn_cast<CallExpr>(Leaf))
          return OfCall(CE);
        // A local variable that only ever holds its initializer (which may
        // name the variable itself: `int x = x | 1;`).
        const auto *D = dyn_cast<DeclRefExpr>(Leaf);
        const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
        if (auto It = Initializers.find(V); It != Initializers.end())
          return knownBits(It->second, OfCall, At + 1);
        // A pointer only moved within its object stays not NULL.
        if (auto It = Stepped.find(V); It != Stepped.end() &&
            knownBits(It->second, OfCall, At + 1).knownNonZero())
          return KnownBits::nonZero();
        return {};
      },
      Depth);
}

bool ValueSlots::decided(const Expr *Cond) const {
  if (const auto *Call = dyn_cast<CallExpr>(Cond))
    return Call->getBuiltinCallee() == Builtin::BI__builtin_constant_p;
  return knownBits(Cond, [](const CallExpr *) { return KnownBits(); })
      .truth()
      .has_value();
}

KnownBits ValueSlots::returnBits(CallBits OfCall) const {
  if (Returned.empty())
    return {};
  KnownBits B = knownBits(Returned.front(), OfCall);
  for (const Expr *R : llvm::drop_begin(Returned))
    B = B.join(knownBits(R, OfCall));
  return B;
}

bool ValueSlots::unchanging(const Expr *E) const {
  for (E = E->IgnoreParenImpCasts();;) {
    const ValueDecl *D = nullptr;
    const Expr *Next = nullptr;
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      D = M->getMemberDecl();
      Next = M->getBase()->IgnoreParenImpCasts();
    } else if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      D = R->getDecl();
    } else {
      return false;
    }
    if (Assigned.contains(D) || AddressTaken.contains(D))
      return false;
    if (!Next)
      return true;
    E = Next;
  }
}

std::optional<unsigned> ValueSlots::testSlotOf(const Expr *Cond,
                                               bool &Negated) const {
  std::optional<ParamTest> T = testOf(Cond, Negated);
  if (!T)
    T = truthTest(Cond);
  const ParamTest *It = T ? llvm::find(Tests, *T) : Tests.end();
  if (It == Tests.end())
    return std::nullopt;
  return RelState::FirstTestSlot + unsigned(It - Tests.begin());
}

std::optional<unsigned> ValueSlots::testSlot(const ParamTest &T) {
  const ParamTest *It = llvm::find(Tests, T);
  if (It == Tests.end()) {
    if (Tests.size() == RelState::MaxTests)
      return std::nullopt;
    It = Tests.insert(Tests.end(), T);
  }
  return RelState::FirstTestSlot + unsigned(It - Tests.begin());
}

std::optional<unsigned> ValueSlots::paramOf(unsigned Slot) const {
  if (Slot < RelState::MaxParams)
    return Slot;
  if (Slot >= RelState::FirstTestSlot)
    return Tests[Slot - RelState::FirstTestSlot].Arg.Index;
  return std::nullopt;
}

std::optional<unsigned> ValueSlots::passedOn(const Expr *Arg) const {
  const auto *PVD = dyn_cast_or_null<ParmVarDecl>(namedDecl(Arg));
  if (!PVD || PVD->getDeclContext() != FD || AddressTaken.contains(PVD) ||
      Assigned.contains(PVD))
    return std::nullopt;
  return PVD->getFunctionScopeIndex();
}

std::optional<unsigned> ValueSlots::forwardedParam(const Expr *Arg) const {
  std::optional<unsigned> P = paramIndex(Arg);
  if (P && Assigned.contains(namedDecl(Arg)))
    return std::nullopt;
  return P;
}

std::optional<unsigned> ValueSlots::varSlot(const ValueDecl *D) const {
  for (unsigned I = 0; I < Locals.size(); ++I)
    if (Locals[I].Var && Locals[I].Var == D && !Locals[I].Negative)
      return RelState::MaxParams + I;
  return std::nullopt;
}

const VarDecl *ValueSlots::copiedLocal(const Expr *Value) const {
  bool Negated = false;
  const Expr *E = strip(Value, Negated, Ctx);
  const auto *D = Negated ? nullptr : dyn_cast<DeclRefExpr>(E);
  return D ? scalarLocal(D->getDecl()) : nullptr;
}

std::optional<unsigned> ValueSlots::signSlot(const ValueDecl *D) const {
  for (unsigned I = 0; I < Locals.size(); ++I)
    if (Locals[I].Var && Locals[I].Var == D && Locals[I].Negative)
      return RelState::MaxParams + I;
  return std::nullopt;
}

std::optional<std::pair<const VarDecl *, ValueSlots::SignTest>>
ValueSlots::signTest(const Expr *Cond) const {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || !B->isComparisonOp())
    return std::nullopt;
  const VarDecl *V = scalarLocal(namedDecl(B->getLHS()));
  std::optional<uint64_t> C = constantInteger(B->getRHS(), Ctx);
  if (!V || !isa<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()) || !C ||
      !V->getType()->isSignedIntegerType() ||
      !B->getLHS()->getType()->isSignedIntegerType())
    return std::nullopt;
  bool Zero = *C == 0, Negative = int64_t(*C) < 0;
  auto Test = [&](bool Flipped, SignTest::Outcomes Says) {
    return std::optional(std::pair(V, SignTest{0, Flipped, Says}));
  };
  // `ret == -E` true says negative, false says nothing of the sign; `ret
  // == 1` true says not negative (6.12's netlink_unicast(): `if (err ==
  // 1) goto retry;` after netlink_attachskb(), which returns 1 where it
  // waited and -EAGAIN where it would have).
  switch (B->getOpcode()) {
  case BO_LT:
    return Zero ? Test(false, SignTest::Both) : std::nullopt;
  case BO_GE:
    return Zero ? Test(true, SignTest::Both) : std::nullopt;
  case BO_EQ:
    return Negative ? Test(false, SignTest::WhereNegative)
           : !Zero  ? Test(true, SignTest::WhereNotNegative)
                    : std::nullopt;
  case BO_NE:
    return Negative ? Test(true, SignTest::WhereNegative)
           : !Zero  ? Test(false, SignTest::WhereNotNegative)
                    : std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<ValueSlots::SignTest>
ValueSlots::signTestOf(const Expr *Cond) const {
  auto S = signTest(Cond);
  std::optional<unsigned> Slot = S ? signSlot(S->first) : std::nullopt;
  if (!Slot)
    return std::nullopt;
  S->second.Slot = *Slot;
  return S->second;
}

std::optional<unsigned> ValueSlots::signResultSlot(const CallExpr *CE) const {
  if (auto It = SignResults.find(CE); It != SignResults.end())
    return It->second;
  return std::nullopt;
}

std::optional<unsigned> ValueSlots::localOf(const Expr *E) const {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr>(E))
    return varSlot(namedDecl(E));
  if (llvm::none_of(Locals, [](const Local &L) { return L.Condition; }))
    return std::nullopt;
  llvm::FoldingSetNodeID ID = profileOf(E, Ctx);
  for (unsigned I = 0; I < Locals.size(); ++I)
    if (Locals[I].Condition && Locals[I].ID == ID)
      return RelState::MaxParams + I;
  return std::nullopt;
}

std::optional<unsigned> ValueSlots::objectSlot(const Expr *Address) const {
  const auto *U = dyn_cast<UnaryOperator>(Address->IgnoreParenImpCasts());
  if (!U || U->getOpcode() != UO_AddrOf)
    return std::nullopt;
  const Expr *E = U->getSubExpr()->IgnoreParens();
  while (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow()) {
      const auto *Ref =
          dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts());
      return Ref ? varSlot(Ref->getDecl()) : std::nullopt;
    }
    E = M->getBase()->IgnoreParens();
  }
  return std::nullopt;
}

std::optional<unsigned> ValueSlots::slotOf(const Expr *Cond) const {
  if (std::optional<unsigned> P = paramIndex(Cond))
    return P;
  return localOf(Cond);
}

std::optional<unsigned> ValueSlots::nonZeroWhenTrue(const Expr *E) const {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B)
    return std::nullopt;
  const Expr *L = B->getLHS()->IgnoreParenImpCasts();
  const Expr *R = B->getRHS()->IgnoreParenImpCasts();
  if (B->getOpcode() == BO_And) {
    std::optional<unsigned> S = slotOf(L);
    return S ? S : slotOf(R);
  }
  if (B->getOpcode() == BO_EQ && constantTruth(R, Ctx).value_or(false)) {
    std::optional<unsigned> S = slotOf(L);
    return S ? S : nonZeroWhenTrue(L);
  }
  return std::nullopt;
}

std::optional<unsigned> ValueSlots::resultSlot(const CallExpr *CE) const {
  if (auto It = Results.find(CE); It != Results.end())
    return It->second;
  return localOf(CE);
}

bool ValueSlots::resultReplaces(unsigned Slot) const {
  unsigned I = Slot - RelState::MaxParams;
  return Slot == RelState::RetSlot ||
         (I < Locals.size() && Locals[I].ResultReplaces);
}

void ValueSlots::writeTo(const Expr *LHS, const Expr *RHS,
                         llvm::SmallVectorImpl<SlotWrite> &Out) const {
  if (std::optional<unsigned> P = paramIndex(LHS)) {
    Out.push_back({SlotWrite::ParamChanged, uint8_t(*P)});
    return;
  }
  // A field a parameter test reads: later tests are not about the caller's.
  // (A store through a pointer leaves the pointer's own truth as it was.)
  if (std::optional<ArgRef> F = argRefOf(LHS))
    if (llvm::any_of(Tests, [&](const ParamTest &T) {
          return !T.relation() && !T.truth() && T.Arg.Index == F->Index &&
                 (fieldWithin(T.Arg.Field, F->Field) ||
                  fieldWithin(F->Field, T.Arg.Field));
        }))
      Out.push_back({SlotWrite::ParamChanged, F->Index});
  const ValueDecl *D = namedDecl(LHS);
  if (!D)
    return;
  for (unsigned I = 0; I < Locals.size(); ++I) {
    const Local &L = Locals[I];
    uint8_t Slot = uint8_t(RelState::MaxParams + I);
    if (L.Var != D) {
      if (llvm::is_contained(L.Reads, D))
        Out.push_back({SlotWrite::Forget, Slot});
      continue;
    }
    if (L.Negative)
      assignSign(Slot, RHS, Out);
    else
      assign(Slot, RHS, Out);
  }
}

void ValueSlots::assignSign(uint8_t Slot, const Expr *Value,
                            llvm::SmallVectorImpl<SlotWrite> &Out) const {
  if (Value && SetByEvent.contains(Value))
    return; // the call's own event sets it
  std::optional<uint64_t> C =
      Value ? constantInteger(Value, Ctx) : std::nullopt;
  if (C && Value->getType()->isSignedIntegerType())
    Out.push_back({SlotWrite::Set, Slot, 0, int64_t(*C) < 0});
  else
    Out.push_back({SlotWrite::Forget, Slot});
}

void ValueSlots::assign(uint8_t Slot, const Expr *Value,
                        llvm::SmallVectorImpl<SlotWrite> &Out) const {
  if (const Fork *F = Value ? forkOf(Value) : nullptr)
    Out.push_back({SlotWrite::Fork, Slot, uint8_t(F - Forks.begin())});
  if (Value && SetByEvent.contains(Value))
    return; // the call's own event sets it, or the fork
  if (chooses(Slot, Value, Out))
    return;
  bool Negated = false;
  if (std::optional<unsigned> Test =
          Value ? testSlotOf(strip(Value, Negated, Ctx), Negated)
                : std::nullopt) {
    Out.push_back({SlotWrite::Split, Slot, uint8_t(*Test), Negated});
    return;
  }
  // A signed function's constant return: its sign too.
  std::optional<uint64_t> C = Value && Slot == RelState::RetSlot &&
                                      FD->getReturnType()->isSignedIntegerType()
                                  ? constantInteger(Value, Ctx)
                                  : std::nullopt;
  if (C && *C != 0)
    Out.push_back(
        {SlotWrite::Returns, Slot,
         uint8_t(int64_t(*C) < 0 ? RetFact::Negative : RetFact::Positive)});
  else if (std::optional<bool> V =
               Value ? constantTruth(Value, Ctx) : std::nullopt)
    Out.push_back({SlotWrite::Set, Slot, 0, *V});
  else if (std::optional<unsigned> From = Value ? slotOf(Value) : std::nullopt;
           From && Slot == RelState::RetSlot)
    Out.push_back({SlotWrite::Copy, Slot, uint8_t(*From)});
  else if (const VarDecl *Local = Value ? copiedLocal(Value) : nullptr;
           Local && varSlot(Local))
    Out.push_back({SlotWrite::Copy, Slot, uint8_t(*varSlot(Local))});
  else
    Out.push_back({SlotWrite::Forget, Slot});
}

bool ValueSlots::chooses(uint8_t Slot, const Expr *Value,
                         llvm::SmallVectorImpl<SlotWrite> &Out) const {
  const auto *C =
      Value ? dyn_cast<ConditionalOperator>(Value->IgnoreParenImpCasts())
            : nullptr;
  if (!C)
    return false;
  // The CFG evaluates each arm on its own path, after the branch on the
  // condition: the paths that found the condition know which arm they took.
  bool Negated = false;
  const Expr *Cond = strip(C->getCond(), Negated, Ctx);
  std::optional<unsigned> On = slotOf(Cond);
  if (!On)
    On = testSlotOf(Cond, Negated);
  if (!On)
    return false;
  auto Arm = [&](const Expr *E, SlotWrite::Guard When) {
    llvm::SmallVector<SlotWrite, 2> Writes;
    assign(Slot, E, Writes);
    // A choice within the arm is more than one guard says: it forgets.
    if (llvm::any_of(Writes, [](const SlotWrite &W) {
          return W.When != SlotWrite::Always;
        }))
      Writes = {{SlotWrite::Forget, Slot}};
    for (SlotWrite W : Writes) {
      W.When = When;
      W.GuardSlot = uint8_t(*On);
      Out.push_back(W);
    }
  };
  Arm(C->getTrueExpr(), Negated ? SlotWrite::IfFalse : SlotWrite::IfTrue);
  Arm(C->getFalseExpr(), Negated ? SlotWrite::IfTrue : SlotWrite::IfFalse);
  Out.push_back({SlotWrite::Forget, Slot});
  Out.back().When = SlotWrite::IfUnknown;
  Out.back().GuardSlot = uint8_t(*On);
  return true;
}

void ValueSlots::writes(const Stmt *S,
                        llvm::SmallVectorImpl<SlotWrite> &Out) const {
  if (std::optional<StoreStmt> W = storeOf(S)) {
    writeTo(W->Target, W->Value, Out);
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      // A pair declared again (in a loop) is a new pair.
      for (unsigned I = 0; I < Locals.size(); ++I)
        if (Locals[I].Pair && llvm::is_contained(Locals[I].Reads, D))
          Out.push_back({SlotWrite::Forget, uint8_t(RelState::MaxParams + I)});
      if (std::optional<unsigned> Slot = varSlot(dyn_cast<VarDecl>(D)))
        assign(uint8_t(*Slot), cast<VarDecl>(D)->getInit(), Out);
      if (std::optional<unsigned> Slot = signSlot(dyn_cast<VarDecl>(D)))
        assignSign(uint8_t(*Slot), cast<VarDecl>(D)->getInit(), Out);
    }
  } else if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (R->getRetValue())
      assign(RelState::RetSlot, R->getRetValue(), Out);
  } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
    // A callee given a variable's address may change it, while it runs:
    // what it returns, which its own event sets, is not changed by that
    // (`if (follow_pte(.., &ptep, &ptl))` tested again after the call).
    std::optional<unsigned> Own = resultSlot(CE);
    for (const Expr *Arg : CE->arguments())
      if (const ValueDecl *D = lentTo(Arg))
        for (unsigned I = 0; I < Locals.size(); ++I)
          if ((Locals[I].Var == D ||
               (Locals[I].Condition &&
                llvm::is_contained(Locals[I].Reads, D))) &&
              Own != RelState::MaxParams + I)
            Out.push_back({SlotWrite::Forget, uint8_t(RelState::MaxParams + I)});
  }
}

} // namespace kharden

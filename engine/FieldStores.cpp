#include "engine/FieldStores.h"
#include "engine/ValueSlots.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace kharden {

std::optional<StoreStmt> storeOf(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
    bool Step =
        (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) &&
        B->getLHS()->getType()->isPointerType();
    return StoreStmt{B->getLHS(),
                     B->getOpcode() == BO_Assign ? B->getRHS() : nullptr, Step};
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp())
    return StoreStmt{U->getSubExpr(), nullptr,
                     U->getSubExpr()->getType()->isPointerType()};
  return std::nullopt;
}

FieldStores::FieldStores(const CFG &Cfg, const CfgReach &Blocks,
                         const ValueSlots &Slots, ValueBits Bits,
                         CalleeStores OfCall, CalleeReturns Returned)
    : Cfg(Cfg), Blocks(Blocks), Slots(Slots) {
  for (const CFGBlock *B : Cfg) {
    unsigned Index = 0;
    for (const CFGElement &E : *B) {
      ++Index;
      auto Elem = E.getAs<CFGStmt>();
      if (!Elem)
        continue;
      const Stmt *S = Elem->getStmt();
      if (isa<CallExpr>(S) || isa<ReturnStmt>(S))
        Position[S] = {B, Index};
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D))
            addInitializer(V, B, Index, Bits, Returned);
      } else if (std::optional<StoreStmt> W = storeOf(S)) {
        // A field, or a whole structure (which holds its fields).
        std::optional<FieldPath> F = Slots.fieldOf(W->Target);
        if (F && (F->Through || !F->Field.empty() ||
                  F->Base->getType()->isRecordType()))
          Stores.push_back(
              {*F, W->Value ? Bits(W->Value) : KnownBits{}, B, Index});
      } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
        if (const auto *Callee = OfCall(CE))
          for (const auto &[Ref, Stored] : *Callee)
            if (Ref.Index < CE->getNumArgs())
              if (std::optional<FieldPath> Obj =
                      Slots.pointeeOf(CE->getArg(Ref.Index))) {
                Obj->Field = joinField(Obj->Field, Ref.Field);
                Stores.push_back({*Obj, Stored, B, Index});
              }
      }
    }
  }
  // Only stores are ever asked whether they dominate a point.
  if (!Stores.empty())
    Dominators.buildDominatorTree(const_cast<CFG *>(&Cfg));
}

void FieldStores::addInitializer(const VarDecl *V, const CFGBlock *B,
                                 unsigned Index, ValueBits Bits,
                                 CalleeReturns Returned) {
  const Expr *Init = V->getInit();
  if (!Init || !V->hasLocalStorage() || !V->getType()->isStructureType())
    return;
  Init = Init->IgnoreParenImpCasts();
  if (const auto *List = dyn_cast<InitListExpr>(Init))
    return addInitList({V, false, ""}, List, B, Index, Bits);
  // `class_rcu_t scope = class_rcu_constructor()`: a guard's constructor
  // returns its `.lock` set.
  if (const auto *CE = dyn_cast<CallExpr>(Init))
    for (auto &[Field, Known] : Returned(CE))
      Stores.push_back({{V, false, std::move(Field)}, Known, B, Index});
}

void FieldStores::addInitList(const FieldPath &Object, const InitListExpr *List,
                              const CFGBlock *B, unsigned Index,
                              ValueBits Bits) {
  const auto *Record = List->getType()->getAsStructureType();
  if (!Record)
    return;
  // The semantic form has an initializer per field in order, implicit
  // zeros for those it does not name (C11 6.7.9p21).
  unsigned I = 0;
  for (const FieldDecl *F : Record->getDecl()->fields()) {
    if (I >= List->getNumInits())
      break;
    const Expr *Init = List->getInit(I++)->IgnoreParenImpCasts();
    if (F->getName().empty()) // an anonymous member: paths do not name it
      continue;
    FieldPath Field{Object.Base, Object.Through,
                    joinField(Object.Field, F->getName())};
    if (const auto *Inner = dyn_cast<InitListExpr>(Init)) {
      addInitList(Field, Inner, B, Index, Bits);
      continue;
    }
    bool Scalar = F->getType()->isScalarType();
    KnownBits Known = !Scalar ? KnownBits{}
                      : isa<ImplicitValueInitExpr>(Init)
                          ? KnownBits::constant(0)
                          : Bits(Init);
    Stores.push_back({std::move(Field), Known, B, Index});
  }
}

bool FieldStores::before(const Store &S, const CFGBlock *Block,
                         unsigned Index) const {
  return S.Block == Block ? S.Index < Index
                          : Dominators.dominates(S.Block, Block);
}

bool FieldStores::mayReach(const Store &S, const CFGBlock *Block,
                           unsigned Index) const {
  if (S.Block == Block && S.Index < Index)
    return true;
  auto [It, New] = Reachable.try_emplace(S.Block);
  if (New) // computed once per block
    It->second = Blocks.from(S.Block->getBlockID());
  return It->second.test(Block->getBlockID());
}

std::optional<KnownBits> FieldStores::joined(const FieldPath &Field,
                                             const CFGBlock *Block,
                                             unsigned Index) const {
  std::optional<KnownBits> Bits;
  bool Reaches = false;
  for (const Store &S : Stores) {
    if (!Field.within(S.Where) || !mayReach(S, Block, Index))
      continue;
    // A store around the field (the whole structure) says nothing of it.
    KnownBits Stored = S.Where.Field == Field.Field ? S.Bits : KnownBits{};
    Bits = Bits ? Bits->join(Stored) : Stored;
    Reaches |= S.Where.Field == Field.Field && before(S, Block, Index);
  }
  if (!Bits)
    return std::nullopt;
  return Reaches ? *Bits : KnownBits{};
}

FieldFacts FieldStores::knownAt(const FieldPath &Object,
                                const CallExpr *CE) const {
  auto It = Position.find(CE);
  if (It == Position.end())
    return {};
  return knownAt(Object, It->second.first, It->second.second - 1);
}

FieldFacts FieldStores::knownAt(const FieldPath &Object,
                                const ReturnStmt *R) const {
  auto It = Position.find(R);
  if (It == Position.end())
    return {};
  return knownAt(Object, It->second.first, It->second.second - 1);
}

FieldFacts FieldStores::knownAt(const FieldPath &Object, const CFGBlock *Block,
                                unsigned Element) const {
  FieldFacts Out;
  unsigned Index = Element + 1;
  bool Parameter = Object.Through && isa<ParmVarDecl>(Object.Base);
  for (const Store &S : Stores) {
    if (S.Where == Object || !S.Where.within(Object))
      continue;
    std::string Below = S.Where.Field.substr(
        Object.Field.empty() ? 0 : Object.Field.size() + 1);
    if (llvm::any_of(Out, [&](const auto &O) { return O.first == Below; }))
      continue;
    std::optional<KnownBits> Bits = joined(S.Where, Block, Index);
    if (Bits && (!Bits->unknown() || Parameter))
      Out.push_back({std::move(Below), *Bits});
  }
  llvm::sort(Out, llvm::less_first());
  return Out;
}

ArgFacts FieldStores::parameterStores() const {
  ArgFacts Out;
  for (const Store &S : Stores) {
    std::optional<ArgRef> Ref = Slots.argRefOf(S.Where);
    if (!Ref ||
        llvm::any_of(Out, [&](const auto &O) { return O.first == *Ref; }))
      continue;
    if (std::optional<KnownBits> Bits = joined(S.Where, &Cfg.getExit(), 0))
      Out.push_back({std::move(*Ref), *Bits});
  }
  llvm::sort(Out, llvm::less_first());
  return Out;
}

bool FieldStores::setsUpOnDetour(const FieldPath &Field, const CFGBlock &Test,
                                 unsigned Unset) const {
  unsigned Avoided = Test.getBlockID();
  // The blocks a path from B reaches without passing Test, B among them.
  auto Ahead = [&](const CFGBlock *B) {
    llvm::BitVector Reach =
        Blocks.from(B->getBlockID(), [&](unsigned X) { return X != Avoided; });
    Reach.set(B->getBlockID());
    Reach.reset(Avoided);
    return Reach;
  };
  const CFGBlock *Detour = *(Test.succ_begin() + Unset);
  const CFGBlock *Other = *(Test.succ_begin() + (1 - Unset));
  if (!Detour || !Other)
    return false;
  // The value tested must be what the object held before the function:
  // one the function stored (`path->dentry = get_stashed_dentry(..)`) is
  // a result it looked up, not the object's set-up.
  if (llvm::any_of(Stores, [&](const Store &S) {
        return Field.within(S.Where) &&
               mayReach(S, &Test, unsigned(Test.size()) + 1);
      }))
    return false;
  llvm::BitVector OnDetour = Ahead(Detour), Otherwise = Ahead(Other);
  // The exit is where paths meet only if the other edge is the function's
  // end (`if (!d->ready) { ... }` last in a void function).
  if (Other != &Cfg.getExit())
    Otherwise.reset(Cfg.getExit().getBlockID());
  return llvm::any_of(Stores, [&](const Store &S) {
    return S.Where == Field && S.Bits.truth() != false &&
           OnDetour.test(S.Block->getBlockID()) &&
           Ahead(S.Block).anyCommon(Otherwise);
  });
}

} // namespace kharden

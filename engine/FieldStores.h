//===- engine/FieldStores.h - fields a function sets --         -*- C++ -*-===//
//
// Object state, as far as one function can tell it to its callees: which
// fields of an object the function (or a callee in its file) has set, with
// what, on every path to a call. `hpet_init_clockevent(hc)` stores
// `evt->cpumask = cpumask_of(cpu)` through `evt = &hc->evt`; its caller then
// passes `&hc->evt`, whose `cpumask` is known not to be NULL, and
// `clockevents_register_device()` cannot take its `!dev->cpumask` branch.
//
// Fields are named by their path from an object ("evt.cpumask"). An object
// is a variable's own storage (`x` in `x.f`) or what a pointer variable
// points to (`*p` in `p->f`), seen through local aliases that only hold
// their initializer (`evt = &hc->evt`). Like ValueSlots' condition slots,
// this assumes that a call which does not say it stores a field (one in
// another file) leaves it as it was: the bet a reviewer makes.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_FIELDSTORES_H
#define KHARDEN_ENGINE_FIELDSTORES_H

#include "engine/CfgReach.h"
#include "engine/ContextState.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kharden {

/// What a statement stores into: `x = v` (Value v), `x += v`, `x++` (no
/// Value: something the analysis does not know).
struct StoreStmt {
  const clang::Expr *Target;
  const clang::Expr *Value;
  /// `p += n`, `p -= n`, `p++`: a pointer moved within its object.
  bool PointerStep = false;
};
std::optional<StoreStmt> storeOf(const clang::Stmt *S);

/// A field of an object: of variable Base's own storage, or (Through) of
/// what Base points to; Field is the path of member names, "" for the
/// object itself.
struct FieldPath {
  const clang::VarDecl *Base = nullptr;
  bool Through = false;
  std::string Field;

  bool sameObject(const FieldPath &O) const {
    return Base == O.Base && Through == O.Through;
  }
  /// Whether this is O or a field of it.
  bool within(const FieldPath &O) const {
    return sameObject(O) && fieldWithin(Field, O.Field);
  }
  bool operator==(const FieldPath &O) const {
    return sameObject(O) && Field == O.Field;
  }
};

class ValueSlots;

class FieldStores {
public:
  /// What a callee in this file stores through its arguments, per its
  /// summary (FunctionSummary::Stores).
  using CalleeStores =
      llvm::function_ref<const ArgFacts *(const clang::CallExpr *)>;
  using ValueBits = llvm::function_ref<KnownBits(const clang::Expr *)>;
  /// What a callee in this file returns in the fields of the structure it
  /// returns, per its summary and the call's arguments
  /// (FunctionSummary::ReturnFields, ReturnFieldParams).
  using CalleeReturns = llvm::function_ref<FieldFacts(const clang::CallExpr *)>;

  /// Slots names the fields (ValueSlots::fieldOf()) and says which are a
  /// parameter's (argRefOf()); Blocks is Cfg's reachability. Both must
  /// outlive this. Bits says what is known of a stored value.
  FieldStores(const clang::CFG &Cfg, const CfgReach &Blocks,
              const ValueSlots &Slots, ValueBits Bits, CalleeStores OfCall,
              CalleeReturns Returned);

  /// The fields of Object (its own Field a prefix) known at call CE, as
  /// {path below Object, bits}, sorted. A field of a parameter's object
  /// that the function stores without a known value comes with unknown
  /// bits: what the caller said of it no longer holds.
  FieldFacts knownAt(const FieldPath &Object, const clang::CallExpr *CE) const;
  /// The same at a return statement (what it returns in a local
  /// structure's fields), and at element Index (from 0) of Block (a
  /// cleanup-attribute call, which has no statement).
  FieldFacts knownAt(const FieldPath &Object, const clang::ReturnStmt *R) const;
  FieldFacts knownAt(const FieldPath &Object, const clang::CFGBlock *Block,
                     unsigned Index) const;
  /// Fields of parameter objects the function stores: with what the values
  /// have in common where every path to the exit stores them, with nothing
  /// known where some path may not (a caller's knowledge of them ends).
  /// Field "" is the whole object (`*p = v`).
  ArgFacts parameterStores() const;
  /// Whether the successor Unset of block Test is a detour that sets Field
  /// up: a path from it, not passing Test, stores Field with a value not
  /// known to be zero (or a callee of the file does, through an
  /// argument), and goes on from the store to a block of the function that
  /// Test's other successor leads to as well (or to the exit, if that
  /// successor is the function's end). An edge that returns where the
  /// field is set (`return -EEXIST;`) makes the set-up what the function
  /// is for, not a detour; nor is a test of a value the function stored
  /// there itself.
  bool setsUpOnDetour(const FieldPath &Field, const clang::CFGBlock &Test,
                      unsigned Unset) const;

private:
  /// Stores of a declaration's initializer into the fields of its
  /// structure: an initializer list's members (a member it does not name is
  /// zero), or the fields a callee of the file returns known.
  void addInitializer(const clang::VarDecl *V, const clang::CFGBlock *B,
                      unsigned Index, ValueBits Bits, CalleeReturns Returned);
  void addInitList(const FieldPath &Object, const clang::InitListExpr *List,
                   const clang::CFGBlock *B, unsigned Index, ValueBits Bits);
  struct Store {
    FieldPath Where;
    KnownBits Bits;
    const clang::CFGBlock *Block;
    unsigned Index;
  };
  /// What is known of Field at element Index of Block: what the stores
  /// to it (or around it) that may reach there have in common, where one
  /// of them is on every path there; none if no store reaches there.
  std::optional<KnownBits> joined(const FieldPath &Field,
                                  const clang::CFGBlock *Block,
                                  unsigned Index) const;
  /// Whether S is on every path to (Block, Index).
  bool before(const Store &S, const clang::CFGBlock *Block,
              unsigned Index) const;
  /// Whether some path leads from S to (Block, Index).
  bool mayReach(const Store &S, const clang::CFGBlock *Block,
                unsigned Index) const;

  const clang::CFG &Cfg;
  const CfgReach &Blocks;
  const ValueSlots &Slots;
  clang::CFGDomTree Dominators;
  std::vector<Store> Stores;
  /// Where each call and return is: {block, 1 + index of its element}.
  llvm::DenseMap<const clang::Stmt *,
                 std::pair<const clang::CFGBlock *, unsigned>>
      Position;
  /// Per block with a store: the blocks some path leads to from it.
  mutable llvm::DenseMap<const clang::CFGBlock *, llvm::BitVector> Reachable;
};

} // namespace kharden

#endif

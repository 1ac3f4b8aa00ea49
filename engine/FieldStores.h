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
};

class ValueSlots;

class FieldStores {
public:
  /// What a callee in this file stores through its arguments, per its
  /// summary (FunctionSummary::Stores).
  using CalleeStores =
      llvm::function_ref<const ArgFacts *(const clang::CallExpr *)>;
  using ValueBits = llvm::function_ref<KnownBits(const clang::Expr *)>;

  /// Slots names the fields (ValueSlots::fieldOf()) and says which are a
  /// parameter's (argRefOf()); Blocks is Cfg's reachability. Both must
  /// outlive this. Bits says what is known of a stored value.
  FieldStores(const clang::CFG &Cfg, const CfgReach &Blocks,
              const ValueSlots &Slots, ValueBits Bits, CalleeStores OfCall);

  /// The fields of Object (its own Field a prefix) known at call CE, as
  /// {path below Object, bits}, sorted. A field of a parameter's object
  /// that the function stores without a known value comes with unknown
  /// bits: what the caller said of it no longer holds.
  std::vector<std::pair<std::string, KnownBits>>
  knownAt(const FieldPath &Object, const clang::CallExpr *CE) const;
  /// Fields of parameter objects the function stores: with what the values
  /// have in common where every path to the exit stores them, with nothing
  /// known where some path may not (a caller's knowledge of them ends).
  /// Field "" is the whole object (`*p = v`).
  ArgFacts parameterStores() const;

private:
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
  /// Where each call is: {block, 1 + index of its element}.
  llvm::DenseMap<const clang::Stmt *,
                 std::pair<const clang::CFGBlock *, unsigned>>
      Position;
  /// Per block with a store: the blocks some path leads to from it.
  mutable llvm::DenseMap<const clang::CFGBlock *, llvm::BitVector> Reachable;
};

} // namespace kharden

#endif

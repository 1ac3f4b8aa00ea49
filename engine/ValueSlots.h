//===- engine/ValueSlots.h - values a path remembers --         -*- C++ -*-===//
//
// The values whose branch outcomes the context engine keeps along a path, so
// that two tests of one value agree and a value that a callee's exit decides
// selects that exit:
//  - the first RelState::MaxParams parameters, as the caller passed them
//    (until the path assigns them);
//  - up to RelState::MaxLocals local slots: a local variable a branch tests
//    (`if (no_rcu)`), or a condition without side effects tested more than
//    once or on a callee's return value (`if (netif_running(dev))` twice),
//    or whether a signed local a call's result went to is negative (`ret <
//    0`, `ret == -ENOENT` after `ret = try_to_grab_pending(...)`);
//  - the function's return value (RelState::RetSlot), for its callers;
//  - up to RelState::MaxTests tests of a parameter's bits (`flags & FCLONE`,
//    `(flags & M) == NAPI`), which the bits known of a caller's argument
//    decide, or of two pointer or integer parameters' relation (`hb1 !=
//    hb2`, `hash1 == hash2`), which a caller ties to what another callee
//    found of the same two values, or of a pointer parameter's truth (`if
//    (ci)`), which a caller's own slot of the value it passes decides (a
//    local it locked through, a callee's returned pointer). A test a value
//    is assigned (`return !!(gfp & ...)`) splits the paths there;
//  - local slots for a pair of pointer or integer variables (two locals, or
//    a local and a parameter the function never assigns) that the function
//    passes to two calls whose callees test their relation
//    (`double_lock_hb(hb1, hb2)`, then `double_unlock_hb(hb1, hb2)`):
//    whether they differ, forgotten where either is assigned.
// A slot assigned a value made of context predicates splits the paths there
// (a Fork), each path with its outcome's effects.
//
// A condition slot assumes that code between its tests does not change what
// it reads unless the function assigns a variable or field in it, or passes
// its address to a call (`skcipher_walk_done(&walk, n)`): the same bet a
// reviewer makes reading `if (x) lock(); ... if (x) unlock();`. A variable
// whose address goes anywhere else (stored, returned) is never read by one.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_VALUESLOTS_H
#define KHARDEN_ENGINE_VALUESLOTS_H

#include "engine/ContextState.h"
#include "engine/FieldStores.h"
#include "engine/KernelModel.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <optional>

namespace kharden {

/// What a constant says about its truth: `0`, `NULL`, `false`, an enum.
std::optional<bool> constantTruth(const clang::Expr *E, clang::ASTContext &Ctx);
/// What a callee's return values have in common, where its summary says.
using CallBits = llvm::function_ref<KnownBits(const clang::CallExpr *)>;

/// What one statement does to a slot.
struct SlotWrite {
  enum Kind : uint8_t {
    Set,          ///< Holds Value from here on.
    Forget,       ///< Holds something unknown.
    Copy,         ///< Holds what slot From holds (`return ret;`).
    ParamChanged, ///< A parameter's later tests say nothing about the caller.
    Fork,         ///< Splits the paths on forks()[From].
    Split,        ///< Holds test slot From's outcome (negated if Value);
                  ///< a path that has not found it splits in two.
    Returns,      ///< The return value is RetFact(From) (a constant's sign).
  } K = Forget;
  uint8_t Slot = 0, From = 0;
  bool Value = false;
  /// Applies only on the paths where slot GuardSlot holds this (a
  /// conditional expression's arm: `return noblock ? 0 : timeo;`).
  enum Guard : uint8_t { Always, IfTrue, IfFalse, IfUnknown } When = Always;
  uint8_t GuardSlot = 0;

  /// Whether the write applies on a path that found GuardSlot to be Found.
  bool holdsOn(std::optional<bool> Found) const {
    switch (When) {
    case Always:
      return true;
    case IfUnknown:
      return !Found;
    case IfTrue:
    case IfFalse:
      return Found && *Found == (When == IfTrue);
    }
    return false;
  }
};

/// The kernel model primitive an expression is (a call, or the expansion
/// of a macro), if any.
using PrimitiveOf = llvm::function_ref<const Primitive *(const clang::Expr *)>;

class ValueSlots {
public:
  /// An argument whose truth a callee tests, or (Pointee) whether Mask's
  /// bits of what it points to are set.
  struct TestedArg {
    unsigned Index;
    bool Pointee;
    uint64_t Mask = 0;
  };
  /// IsPrimitive: primitives' values are never assumed stable.
  /// ReturnsFacts: whether a callee's summary says what it returns.
  /// RelatedArgs: the argument pairs whose relation a callee tests
  /// (FunctionSummary::Tests). MemberOf: the parameter a callee returns
  /// the address of a member of (FunctionSummary::ReturnsMember).
  /// IsBitTest: whether a function returns whether bit `nr` (its first
  /// argument) of the bitmap at its second is set (the kernel model's
  /// `bit-tests`). TruthTestedArgs: the arguments whose truth, or whose
  /// pointee's, a callee tests (a ParamTest::truth() or pointeeTruth() of
  /// its summary), whose local pointers, or locals lent by address, get a
  /// slot that selects the callee's exits. ReturnedTest: the test of
  /// its own parameters whose truth a callee returns (returnedTest()).
  ValueSlots(
      const clang::FunctionDecl *FD, const clang::CFG &Cfg,
      clang::ASTContext &Ctx, PrimitiveOf IsPrimitive,
      llvm::function_ref<bool(const clang::CallExpr *)> ReturnsFacts,
      llvm::function_ref<llvm::SmallVector<std::pair<unsigned, unsigned>, 1>(
          const clang::CallExpr *)>
          RelatedArgs,
      std::function<std::optional<unsigned>(const clang::CallExpr *)> MemberOf,
      std::function<bool(const clang::FunctionDecl *)> IsBitTest = {},
      std::function<llvm::SmallVector<TestedArg, 1>(const clang::CallExpr *)>
          TruthTestedArgs = {},
      std::function<std::optional<ParamTest>(const clang::CallExpr *)>
          ReturnedTest = {});

  /// The slot a branch condition tests, seen through parentheses, casts, `!`
  /// and __builtin_expect() by the caller.
  std::optional<unsigned> slotOf(const clang::Expr *Cond) const;
  /// The slot of x in a condition that, found true, says x is not zero:
  /// `x & MASK`, `(x & MASK) == BIT`.
  std::optional<unsigned> nonZeroWhenTrue(const clang::Expr *Cond) const;
  /// A test of a signed local's sign (`ret < 0`, `ret >= 0`, `ret ==
  /// -ENOENT`, `ret != -EAGAIN`, `ret == 1`): its sign slot, which holds
  /// whether the variable is negative, whether the condition is true where
  /// it is not negative (Flipped), and which outcomes say anything of the
  /// sign (`ret == -ENOENT` false says nothing, nor does `ret == 1` false).
  struct SignTest {
    unsigned Slot;
    bool Flipped;
    enum Outcomes : uint8_t { Both, WhereNegative, WhereNotNegative } Says;
  };
  std::optional<SignTest> signTestOf(const clang::Expr *Cond) const;
  /// The sign slot a direct call's result goes to, where the callee's
  /// signed return converts to the variable without changing its sign.
  std::optional<unsigned> signResultSlot(const clang::CallExpr *CE) const;
  /// The variable slot of the local pointer whose object an address names
  /// (`&n->lock`, `&n->a.b`), if the function keeps one.
  std::optional<unsigned> objectSlot(const clang::Expr *Address) const;
  /// Whether E reads the same value wherever the function reads it: only
  /// variables and fields the function never assigns nor takes the address
  /// of (`cxt.cur_ops`), the bet a condition slot makes.
  bool unchanging(const clang::Expr *E) const;
  /// The parameter-test slot a condition is, if it is one; Negated flips
  /// where the condition is the test's negation (a local that holds
  /// `!(flags & M)`).
  std::optional<unsigned> testSlotOf(const clang::Expr *Cond,
                                     bool &Negated) const;
  /// The slot of test T, added if it is new and there is room.
  std::optional<unsigned> testSlot(const ParamTest &T);
  /// The test of the parameters a value's truth is (`flags & MSG_DONTWAIT`
  /// passed as a callee's flag); Negated flips where it is its negation.
  std::optional<ParamTest> truthOfValue(const clang::Expr *E,
                                        bool &Negated) const {
    return testOf(strip(E, Negated, Ctx), Negated);
  }
  llvm::ArrayRef<ParamTest> tests() const { return Tests; }
  /// The parameter a parameter slot or a test slot is about.
  std::optional<unsigned> paramOf(unsigned Slot) const;
  /// Whether Slot is a relation test's: about the pair of values the caller
  /// passed, which swapping the two parameters keeps.
  bool relationSlot(unsigned Slot) const;
  /// The relation test `X == Y` (`!=` if not Equal) of two of the
  /// function's pointer parameters whose pair of values it keeps (it never
  /// assigns them, or only swaps them with each other), X and Y as written.
  std::optional<ParamTest> relationTest(const clang::Expr *X,
                                        const clang::Expr *Y, bool Equal) const;
  /// The local slot of a pair of local pointer variables (whether they
  /// differ), if the function keeps one.
  std::optional<unsigned> pairSlot(const clang::Expr *X,
                                   const clang::Expr *Y) const;
  /// The parameter every return's value is the address of the same member
  /// of (`return &rq->__lock;`), if one is: equal results mean equal
  /// arguments.
  std::optional<unsigned> returnsMemberOf() const;
  /// What is known of an integer expression's bits (IntegerBits.h), with
  /// a local variable that only ever holds its initializer and calls
  /// (OfCall) as its leaves.
  KnownBits knownBits(const clang::Expr *E, CallBits OfCall,
                      unsigned Depth = 0) const;
  /// What every value the function returns has in common.
  KnownBits returnBits(CallBits OfCall) const;
  /// Whether a condition's truth is the same on every path, or is the
  /// compiler's to choose (`__builtin_constant_p()`): no slot keeps it.
  bool decided(const clang::Expr *Cond) const;
  /// The field an lvalue names (`p->a.b`, `x.a`, `(*p).a`), seen through
  /// local pointers that only hold their initializer (`evt = &hc->evt`).
  std::optional<FieldPath> fieldOf(const clang::Expr *LValue,
                                   unsigned Depth = 0) const;
  /// The object a pointer value points to (`p`, `&x`, `&p->a`), if the
  /// function never points it elsewhere.
  std::optional<FieldPath> pointeeOf(const clang::Expr *Pointer,
                                     unsigned Depth = 0) const;
  /// The caller's value an expression reads: a parameter, or a field of
  /// what one points to (`dev->cpumask`), if the function never assigns
  /// the parameter.
  std::optional<ArgRef> argRefOf(const clang::Expr *E) const;
  /// The same of a field (or object) F, if a parameter points to it.
  std::optional<ArgRef> argRefOf(const FieldPath &F) const;
  /// The only value local V ever holds, its initializer, if it has one.
  const clang::Expr *onlyValue(const clang::VarDecl *V) const {
    return Initializers.lookup(V);
  }
  /// The parameter an argument passes on, if the function never assigns it.
  std::optional<unsigned> forwardedParam(const clang::Expr *Arg) const;
  /// The same of any parameter, not only of the first MaxParams.
  std::optional<unsigned> passedOn(const clang::Expr *Arg) const;
  /// The slot a direct call's result goes to: a variable slot it is assigned
  /// to, the condition slot it is, or the return value.
  std::optional<unsigned> resultSlot(const clang::CallExpr *CE) const;
  /// Whether a call's result replaces the slot's value (not for a stable
  /// condition, which a callee that says nothing leaves as it was).
  bool resultReplaces(unsigned Slot) const;
  /// A value made of context predicates (`!rcu_is_watching()`,
  /// `!(hardirq_count() | softirq_count())`, a trylock) that a slot keeps:
  /// the paths split where it is evaluated, each with the effects its
  /// outcome implies.
  struct Fork {
    const clang::Expr *Value;
    uint8_t Slot;
    std::vector<Effect> IfTrue, IfFalse;
    /// The primitives it is made of: their branch effects are the fork's.
    llvm::SmallVector<const clang::Expr *, 2> Primitives;
  };
  llvm::ArrayRef<Fork> forks() const { return Forks; }
  /// The fork that assigning Value starts, if any.
  const Fork *forkOf(const clang::Expr *Value) const;
  /// What statement S (a CFG element) does to the slots.
  void writes(const clang::Stmt *S,
              llvm::SmallVectorImpl<SlotWrite> &Out) const;

  /// A condition with one wrapper that does not change its truth removed:
  /// parentheses and casts, then `!`, `== 0` (flipping Negated), `!= NULL`,
  /// __builtin_expect() or a statement expression around its last value;
  /// E itself if it has none.
  static const clang::Expr *stripOnce(const clang::Expr *E, bool &Negated,
                                      clang::ASTContext &Ctx);
  /// E without every wrapper stripOnce() removes.
  static const clang::Expr *strip(const clang::Expr *E, bool &Negated,
                                  clang::ASTContext &Ctx);

private:
  struct Local {
    const clang::VarDecl *Var = nullptr;  ///< A variable slot, or
    const clang::Expr *Condition = nullptr; ///< a condition slot ...
    llvm::FoldingSetNodeID ID;                ///< ... with this profile,
    llvm::SmallVector<const clang::ValueDecl *, 4> Reads; ///< reading these.
    /// A call's result replaces the value: a variable, or a condition that
    /// is a call saying what it returns (else a stable condition keeps it).
    bool ResultReplaces = false;
    /// Of a variable: the slot holds whether it is negative, not whether
    /// it is zero.
    bool Negative = false;
    /// Of two variables (Reads): the slot holds whether they differ.
    bool Pair = false;
  };
  static std::optional<Fork> predicate(const clang::Expr *E,
                                       PrimitiveOf IsPrimitive,
                                       clang::ASTContext &Ctx);
  std::optional<unsigned> paramIndex(const clang::Expr *E) const;
  std::optional<ParamTest> paramTest(const clang::Expr *E) const;
  /// The truth test a condition that is one of the function's pointer or
  /// integer parameters is (`if (ci)`, `if (noblock)`): kept, beside the
  /// parameter's own slot, in a test slot, which goes to the summary.
  std::optional<ParamTest> truthTest(const clang::Expr *E) const;
  /// A relation test a condition is (`a != b`, `f(a) == f(b)` where f
  /// returns the address of a member of what its argument points to).
  std::optional<ParamTest> relationOf(const clang::Expr *E) const;
  /// The test of one bit of a parameter's field a bit-test call is
  /// (`test_bit(HPG_vmemmap_optimized, &page->private)`), or a conditional
  /// whose arms are both that one test (test_bit()'s expansion).
  std::optional<ParamTest> bitTest(const clang::Expr *E) const;
  /// The test of what the function passes that a call returns the truth
  /// of (`gfpflags_allow_blocking(gfp_mask)` is `gfp_mask &
  /// __GFP_DIRECT_RECLAIM`), so that a branch on the call is decided where
  /// the callee's exits were: by the caller's test slot, which the call
  /// imports.
  std::optional<ParamTest> calledTest(const clang::Expr *E) const;
  /// The test of the parameters E is: a test itself, a call that returns
  /// one (calledTest()), or a local never assigned after its initializer
  /// that holds one. Negated flips where E is its negation.
  std::optional<ParamTest> testOf(const clang::Expr *E, bool &Negated) const;
  /// Whether the function keeps the pair of values parameters P and Q
  /// came with.
  bool keepsPair(const clang::ParmVarDecl *P,
                 const clang::ParmVarDecl *Q) const;
  std::optional<unsigned> varSlot(const clang::ValueDecl *D) const;
  std::optional<unsigned> signSlot(const clang::ValueDecl *D) const;
  /// The local variable a value copies (`x = y`, `x = ({ ...; y; })`).
  const clang::VarDecl *copiedLocal(const clang::Expr *Value) const;
  /// The variable and the test a sign test is, before slots are chosen.
  std::optional<std::pair<const clang::VarDecl *, SignTest>>
  signTest(const clang::Expr *Cond) const;
  /// Sign slot Slot takes Value (null: something unknown).
  void assignSign(uint8_t Slot, const clang::Expr *Value,
                  llvm::SmallVectorImpl<SlotWrite> &Out) const;
  std::optional<unsigned> localOf(const clang::Expr *E) const;
  void writeTo(const clang::Expr *LHS, const clang::Expr *RHS,
               llvm::SmallVectorImpl<SlotWrite> &Out) const;
  /// Where Value is a conditional expression whose condition a slot keeps:
  /// Slot takes each arm's value on the paths that took it.
  bool chooses(uint8_t Slot, const clang::Expr *Value,
               llvm::SmallVectorImpl<SlotWrite> &Out) const;
  /// Slot takes Value (null: something unknown).
  void assign(uint8_t Slot, const clang::Expr *Value,
              llvm::SmallVectorImpl<SlotWrite> &Out) const;

  const clang::FunctionDecl *FD;
  clang::ASTContext &Ctx;
  /// Assigned: stored to at all; Replaced: other than by moving a pointer.
  llvm::DenseSet<const clang::ValueDecl *> AddressTaken, Assigned, Replaced;
  /// Variables only ever assigned by swapping them with one other (the
  /// kernel's swap(), `t = a; a = b; b = t;`), and that other.
  llvm::DenseMap<const clang::ValueDecl *, const clang::ValueDecl *>
      SwappedWith;
  std::function<std::optional<unsigned>(const clang::CallExpr *)> MemberOf;
  std::function<bool(const clang::FunctionDecl *)> IsBitTest;
  std::function<std::optional<ParamTest>(const clang::CallExpr *)> ReturnedTest;
  llvm::SmallVector<Local, RelState::MaxLocals> Locals;
  /// Calls whose result is assigned, tested or returned, and where to.
  llvm::DenseMap<const clang::CallExpr *, unsigned> Results, SignResults;
  llvm::SmallVector<Fork, 2> Forks;
  llvm::SmallVector<ParamTest, 2> Tests;
  llvm::SmallVector<const clang::Expr *, 2> Returned;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Initializers;
  /// Pointers only moved after their initializer (`p -= n`).
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Stepped;
  /// Assigned values whose own event (a call's, a fork's) sets the slot.
  llvm::DenseSet<const clang::Expr *> SetByEvent;
};

} // namespace kharden

#endif

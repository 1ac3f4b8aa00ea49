//===- engine/ParamBitsFlow.h - parameters' bits at calls -------*- C++ -*-===//
//
// A function that changes an integer parameter before passing it on
// (`slab_pre_alloc_hook()`'s `flags &= gfp_allowed_mask; might_alloc(flags)`,
// `get_user_pages_fast_only()`'s `gup_flags |= FOLL_FAST_ONLY`) still passes
// what it did not change of its caller's bits, and what its assignments
// force. A forward data flow over the CFG gives, at each call, what every
// path to it made of each such parameter (BitsTransfer): the caller's bits
// go through it when the whole run knows them. A callee of the file whose
// return is a function of its argument (`gfp = current_gfp_context(gfp)`,
// which only clears bits) passes the same transfer on, composed with its
// own (FunctionSummary::ReturnTransfer).
//
// The flow also follows a local copy of a parameter (`alloc_gfp = gfp`
// in `__alloc_pages()`), and a local lent to a callee of the file as `&x`
// where the callee says what it leaves there (FunctionSummary::
// OutTransfers: `prepare_alloc_pages()`'s `*alloc_gfp |= __GFP_HARDWALL`).
// A function's own OutTransfers come from the same flow, over what its
// pointer parameters point to. A variable whose address goes anywhere else
// is not followed: code that never names it may change it.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_PARAMBITSFLOW_H
#define KHARDEN_ENGINE_PARAMBITSFLOW_H

#include "engine/BitsTransfer.h"
#include "engine/Summary.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>
#include <vector>

namespace kharden {

class ParamBitsFlow {
public:
  /// What is known of an expression's bits, as it is written.
  using BitsOf = llvm::function_ref<KnownBits(const clang::Expr *)>;
  /// What a call returns as a function of one of its arguments, if its
  /// callee's summary says: the argument, and the transfer.
  using ReturnOf =
      llvm::function_ref<std::optional<std::pair<unsigned, BitsTransfer>>(
          const clang::CallExpr *)>;
  /// What a call leaves in the integer its argument Arg points to, as a
  /// function of what it held, if its callee's summary says; IfNonZero:
  /// where the call returned non-zero.
  using OutOf = llvm::function_ref<std::optional<BitsTransfer>(
      const clang::CallExpr *, unsigned Arg, bool IfNonZero)>;

  ParamBitsFlow(const clang::CFG &Cfg, clang::ASTContext &Ctx,
                const clang::FunctionDecl &FD, BitsOf Bits, ReturnOf Returns,
                OutOf Outs);

  /// What the paths to call or return statement S made of variable V (a
  /// parameter the function changes, or a local copy of one): the
  /// parameter whose bits it is a function of, and that function; nothing
  /// if the flow does not follow V or V holds anything else.
  std::optional<std::pair<unsigned, BitsTransfer>>
  at(const clang::Stmt *S, const clang::VarDecl *V) const;

  /// The summary's OutTransfers: for each pointer parameter followed, what
  /// every return, and every return of a value not known zero, leaves
  /// where it points.
  llvm::ArrayRef<FunctionSummary::OutTransfer> outTransfers() const {
    return Outs;
  }

  /// A variable's value: a function of parameter Param's bits at entry
  /// (of what it points to, if Pointee), or of nothing (Param -1).
  struct Value {
    int8_t Param = -1;
    bool Pointee = false;
    ArgBitsTransfer T = BitsTransfer::assigned({});
    /// B, whatever any parameter holds.
    static Value constant(const KnownBits &B) {
      return {-1, false, BitsTransfer::assigned(B)};
    }
    bool operator==(const Value &O) const {
      return Param == O.Param && Pointee == O.Pointee && T == O.T;
    }
  };

  /// What a name in an expression holds, if the evaluator's user knows.
  using NameOf = llvm::function_ref<std::optional<Value>(const clang::Expr *)>;
  /// E's value, through conversions that keep it, calls of the file that
  /// return a function of their argument (`current_gfp_context(gfp)`), and
  /// `|`/`&` with bits known apart from it (`flags | __GFP_ZERO`): the one
  /// evaluator of the flow's assignments and of the arguments at calls.
  static Value evaluate(const clang::Expr *E, NameOf Names, BitsOf Bits,
                        ReturnOf Returns, clang::ASTContext &Ctx);

private:
  llvm::DenseMap<std::pair<const clang::Stmt *, const clang::VarDecl *>, Value>
      AtCalls;
  llvm::SmallVector<FunctionSummary::OutTransfer, 1> Outs;
};

/// The argument of CE that CE's value is a function of (Returns: the
/// callee's summary), and that function, where the argument reaches the
/// callee's parameter with no conversion (a conversion would change the
/// bits the transfer speaks of).
std::optional<std::pair<const clang::Expr *, BitsTransfer>>
returnedArgument(const clang::CallExpr *CE, ParamBitsFlow::ReturnOf Returns);

/// The operand of conversion C, if C keeps its 64-bit value: the same
/// width or wider, from an unsigned type or to a type of the same
/// signedness.
const clang::Expr *valueKeptBy(const clang::CastExpr *C,
                               clang::ASTContext &Ctx);

} // namespace kharden

#endif

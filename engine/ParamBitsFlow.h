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
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_PARAMBITSFLOW_H
#define KHARDEN_ENGINE_PARAMBITSFLOW_H

#include "engine/BitsTransfer.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

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
  /// Params: integer parameters the function assigns and whose address it
  /// never takes.
  ParamBitsFlow(const clang::CFG &Cfg, clang::ASTContext &Ctx,
                llvm::ArrayRef<const clang::ParmVarDecl *> Params, BitsOf Bits,
                ReturnOf Returns);

  /// What the paths to call or return statement S made of P, if the flow
  /// reached it.
  std::optional<BitsTransfer> at(const clang::Stmt *S,
                                 const clang::ParmVarDecl *P) const;

private:
  llvm::DenseMap<std::pair<const clang::Stmt *, const clang::ParmVarDecl *>,
                 BitsTransfer>
      AtCalls;
};

/// The argument of CE that CE's value is a function of (Returns: the
/// callee's summary), and that function, where the argument reaches the
/// callee's parameter with no conversion (a conversion would change the
/// bits the transfer speaks of).
std::optional<std::pair<const clang::Expr *, BitsTransfer>>
returnedArgument(const clang::CallExpr *CE, ParamBitsFlow::ReturnOf Returns);

} // namespace kharden

#endif

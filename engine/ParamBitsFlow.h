//===- engine/ParamBitsFlow.h - parameters' bits at calls -------*- C++ -*-===//
//
// A function that changes an integer parameter before passing it on
// (`slab_pre_alloc_hook()`'s `flags &= gfp_allowed_mask; might_alloc(flags)`,
// `get_user_pages_fast_only()`'s `gup_flags |= FOLL_FAST_ONLY`) still passes
// what it did not change of its caller's bits, and what its assignments
// force. A forward data flow over the CFG gives, at each call, what every
// path to it made of each such parameter (BitsTransfer): the caller's bits
// go through it when the whole run knows them.
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
  /// Params: integer parameters the function assigns and whose address it
  /// never takes.
  ParamBitsFlow(const clang::CFG &Cfg, clang::ASTContext &Ctx,
                llvm::ArrayRef<const clang::ParmVarDecl *> Params, BitsOf Bits);

  /// What the paths to call CE made of P, if the flow reached it.
  std::optional<BitsTransfer> at(const clang::CallExpr *CE,
                                 const clang::ParmVarDecl *P) const;

private:
  llvm::DenseMap<std::pair<const clang::CallExpr *, const clang::ParmVarDecl *>,
                 BitsTransfer>
      AtCalls;
};

} // namespace kharden

#endif

//===- checkers/engine/IntegerBits.h - bits of C integers -------*- C++ -*-===//
//
// What the AST says of an integer's bits, for parameter tests: a constant's
// value, the bits known of an expression made of constants (as LLVM's
// KnownBits, but on the source), and which tests of a parameter's bits a
// condition is. Values are 64 bits, extended by their type's signedness, so
// that a caller's argument and its callee's parameter agree.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CHECKERS_ENGINE_INTEGERBITS_H
#define KHARDEN_CHECKERS_ENGINE_INTEGERBITS_H

#include "checkers/engine/ContextState.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace kharden {

/// An integer constant's value.
std::optional<uint64_t> constantInteger(const clang::Expr *E,
                                        clang::ASTContext &Ctx);

/// What is known of an integer expression's bits: constants and what `|`,
/// `&`, `^`, `?:` and integer conversions make of them. Leaf answers for
/// what the expression reads (a call, a variable), at the depth it is at;
/// Depth bounds the walk, through leaves too.
using BitsLeaf = llvm::function_ref<KnownBits(const clang::Expr *, unsigned)>;
KnownBits knownBits(const clang::Expr *E, clang::ASTContext &Ctx,
                    BitsLeaf Leaf, unsigned Depth = 0);

/// The test of a parameter's bits a condition is, if it is one: `p & M`,
/// `(p & M) == C`, `p == C` (and `!=`), with integer constants M and C.
/// ParamIndex says which expressions are which parameter.
using ParamIndexOf =
    llvm::function_ref<std::optional<unsigned>(const clang::Expr *)>;
std::optional<ParamTest> paramTest(const clang::Expr *E, clang::ASTContext &Ctx,
                                   ParamIndexOf ParamIndex);

} // namespace kharden

#endif

//===- engine/IntegerBits.h - bits of C integers ------         -*- C++ -*-===//
//
// What the AST says of an integer's bits, for parameter tests: a constant's
// value, the bits known of an expression made of constants (as LLVM's
// KnownBits, but on the source), and which tests of a parameter's bits a
// condition is. Values are 64 bits, extended by their type's signedness, so
// that a caller's argument and its callee's parameter agree.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_INTEGERBITS_H
#define KHARDEN_ENGINE_INTEGERBITS_H

#include "engine/ContextState.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace kharden {

/// The variable or field an lvalue names, if it names one directly (casts
/// aside).
const clang::ValueDecl *namedDecl(const clang::Expr *E);
/// The lvalue whose address an argument passes (`&walk`, `&p->lock`).
const clang::Expr *lentObject(const clang::Expr *Arg);
/// The variable or field whose address an argument passes (`&walk`).
const clang::ValueDecl *lentTo(const clang::Expr *Arg);
/// The variable an expression names, as it is (casts aside).
const clang::VarDecl *varOf(const clang::Expr *E);
/// The parameter an expression names, as it is (casts aside).
const clang::ParmVarDecl *parameterOf(const clang::Expr *E);
/// What a statement expression's value is: its last statement, if that is
/// an expression (`({ _lock; _T; })`).
const clang::Expr *statementValue(const clang::StmtExpr *S);

/// All the bits of a value of type T (up to 64).
uint64_t typeBits(clang::QualType T, clang::ASTContext &Ctx);

/// An integer constant's value.
std::optional<uint64_t> constantInteger(const clang::Expr *E,
                                        clang::ASTContext &Ctx);

/// Bits B of a value converted to integer type To: the low bits survive,
/// extended by To's signedness.
KnownBits convertBits(KnownBits B, clang::QualType To, clang::ASTContext &Ctx);

/// What is known of an integer or pointer expression's bits: constants and
/// what `|`, `&`, `^`, `?:` and conversions make of them; pointers to
/// objects (`&x`, arrays, functions, and pointers moved from them) are not
/// NULL. Leaf answers for
/// what the expression reads (a call, a variable), at the depth it is at;
/// Depth bounds the walk, through leaves too.
using BitsLeaf = llvm::function_ref<KnownBits(const clang::Expr *, unsigned)>;
KnownBits knownBits(const clang::Expr *E, clang::ASTContext &Ctx,
                    BitsLeaf Leaf, unsigned Depth = 0);

/// The test of a parameter's bits a condition is, if it is one: `p & M`,
/// `(p & M) == C`, `p == C` (and `!=`), with integer constants M and C; the
/// same of a field a parameter points to, and the field itself (`dev->
/// cpumask`, as `!= 0`). ParamIndex says which expressions are which
/// parameter or field.
using ParamIndexOf =
    llvm::function_ref<std::optional<ArgRef>(const clang::Expr *)>;
std::optional<ParamTest> paramTest(const clang::Expr *E, clang::ASTContext &Ctx,
                                   ParamIndexOf ParamIndex);

} // namespace kharden

#endif

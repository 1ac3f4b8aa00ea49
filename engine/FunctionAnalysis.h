//===- engine/FunctionAnalysis.h - one function's contexts ----------------===//
//
// A flow-sensitive analysis over clang's CFG of one function: at every
// point, the set of contexts relative to the function's entry (RelState),
// through the kernel model's primitives, callees' summaries and cleanup
// functions (guard()/scoped_guard()). It records the states at per-CPU
// operations and call sites, and the states at exit for callers.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_FUNCTIONANALYSIS_H
#define KHARDEN_ENGINE_FUNCTIONANALYSIS_H

#include "engine/DeclaredLocks.h"
#include "engine/Latches.h"
#include "engine/MacroExpansions.h"
#include "engine/Summary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace kharden {

class PointerFlows;
struct CrossFileImports;

/// What the analysis of one function may use from its translation unit.
struct TUContext {
  clang::ASTContext &AST;
  const ExpansionRecorder &Expansions;
  PrimitiveLookup &Lookup;
  /// Summaries of callees analysed so far (callees come first).
  llvm::DenseMap<const clang::FunctionDecl *, const FunctionSummary *>
      Summaries;
  std::vector<EntryHint> &Hints;
  /// What the unit stores in function pointers, and its calls through them.
  const PointerFlows *Pointers = nullptr;
  /// Other files' functions whose exits a call to them, direct or through
  /// a pointer, takes where the unit has no definition (CrossFileEffects).
  const CrossFileImports *Imports = nullptr;
  /// The separate image the unit is linked into ("" for the kernel): its
  /// functions and slots are named apart (linkName()).
  std::string Image{};
  /// Functions the unit does not define whose bits transfers its analysis
  /// asked for (TUSummary::BitsAsked names them once the unit is done).
  llvm::DenseSet<const clang::FunctionDecl *> BitsAsked{};
  /// The lock annotations of the unit's declarations.
  const DeclaredLocks *Declared = nullptr;
  /// Functions the unit does not define whose declared locks
  /// (DeclaredLocks) a call took (TUSummary::LocksDeclared).
  llvm::DenseSet<const clang::FunctionDecl *> LocksDeclared{};
  /// The unit's flags that once set stay set (findLatches()).
  Latches Latched{};
  /// Flags of external linkage the unit's branches test (FlagUse::Tested):
  /// the run may make them latches.
  llvm::StringSet<> FlagsTested{};

  clang::SourceManager &sourceManager() const {
    return AST.getSourceManager();
  }
  SourcePoint point(clang::SourceLocation Loc) const;
  std::string keyOf(const clang::FunctionDecl *FD) const;
  /// Name, a symbol or a file's, as the unit's image links it: itself in
  /// the kernel, "image|Name" in a separate image.
  std::string linkName(llvm::StringRef Name) const;
};

/// The function an expression names (`fn`, `&fn`, through casts), if any.
const clang::FunctionDecl *namedFunction(const clang::Expr *E);

/// Calls Each with every field of RD that initializer list IL (in its
/// semantic form) initializes, and its initializer: a union's one.
void forEachFieldInit(
    const clang::RecordDecl *RD, const clang::InitListExpr *IL,
    llvm::function_ref<void(const clang::FieldDecl *, const clang::Expr *)>
        Each);
/// IL's semantic form (designators resolved to fields), if it has one.
const clang::InitListExpr *semanticForm(const clang::InitListExpr *IL);

/// Analyses FD's body.
FunctionSummary analyzeFunction(const clang::FunctionDecl *FD, TUContext &TU);

} // namespace kharden

#endif

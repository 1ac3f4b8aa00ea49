//===- engine/MacroExpansions.h - primitive macro uses          -*- C++ -*-===//
//
// Kernel primitives are mostly macros whose expansions hide them:
// raw_cpu_read(x) becomes arch code, add_random_kstack_offset() contains a
// raw_cpu_read(). ExpansionRecorder remembers every expansion of a macro the
// kernel model knows, keyed by the location of its name token; expansionChain
// walks from any token back through the macro bodies that produced it, so the
// analysis can tell which known macro a statement came from.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_MACROEXPANSIONS_H
#define KHARDEN_ENGINE_MACROEXPANSIONS_H

#include "engine/KernelModel.h"
#include "engine/Summary.h"

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

#include <string>
#include <vector>

namespace kharden {

/// One expansion of a macro the kernel model names.
struct RecordedExpansion {
  const Primitive *Prim = nullptr;     ///< Set for primitives ...
  const Callback *Registration = nullptr; ///< ... or callback registrations,
  std::optional<StackOffsetSite::Role> Site; ///< ... or stack-offset sites,
  bool AtomicUpdate = false; ///< ... or atomic updates (cmpxchg()).
  std::string Name;
  std::vector<std::string> Args; ///< Unexpanded argument texts ...
  std::vector<clang::SourceRange> ArgRanges; ///< ... and their tokens.

  /// "name(arg, ...)" as written, for messages.
  std::string text() const;
};

class ExpansionRecorder : public clang::PPCallbacks {
public:
  ExpansionRecorder(clang::Preprocessor &PP, PrimitiveLookup &Lookup);

  void MacroExpands(const clang::Token &MacroNameTok,
                    const clang::MacroDefinition &MD,
                    clang::SourceRange Range,
                    const clang::MacroArgs *Args) override;

  /// The expansion whose macro name token is at NameLoc, if recorded.
  const RecordedExpansion *find(clang::SourceLocation NameLoc) const {
    auto It = Expansions.find(NameLoc.getRawEncoding());
    return It == Expansions.end() ? nullptr : &It->second;
  }
  const llvm::DenseMap<unsigned, RecordedExpansion> &all() const {
    return Expansions;
  }
private:
  clang::Preprocessor &PP;
  PrimitiveLookup &Lookup;
  llvm::StringMap<const Callback *> Registrations;
  llvm::StringMap<StackOffsetSite::Role> Sites;
  NameSet AtomicUpdates;
  llvm::DenseMap<unsigned, RecordedExpansion> Expansions;
};

/// Where Loc's outermost macro expansion (or Loc) is in its file, with the
/// file's absolute path: what findings, notes and summaries record.
SourcePoint pointAt(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// The macro expansions whose bodies (not arguments) produced the token at
/// Loc, innermost first, each named by the location of its macro name token.
void expansionChain(const clang::SourceManager &SM, clang::SourceLocation Loc,
                    llvm::SmallVectorImpl<clang::SourceLocation> &Chain);

/// The outermost known primitive (or atomic update) macro whose body (not the
/// argument that wrote Value) uses Value at User, User being an expression
/// Value is part of: `spinlock_check(&n->lock)` in spin_lock_irqsave()'s body
/// uses the caller's `&n->lock`.
const RecordedExpansion *primitiveUsing(const ExpansionRecorder &Expansions,
                                        const clang::SourceManager &SM,
                                        const clang::Stmt *Value,
                                        const clang::Stmt *User);

/// Which of R's arguments wrote Value (by where its first token is
/// spelled); 0 where none is found.
unsigned argumentIndex(const clang::SourceManager &SM,
                       const RecordedExpansion &R, const clang::Stmt *Value);

/// The text E was written as, where its tokens are in the file (a macro's
/// argument, not its body).
std::optional<std::string> writtenText(const clang::Expr *E,
                                       const clang::SourceManager &SM,
                                       const clang::LangOptions &LO);

/// A macro argument's unexpanded tokens from Tok to its end, as written
/// (one space where the source has white space before a token).
std::string macroArgumentText(const clang::Preprocessor &PP,
                              const clang::Token *Tok);

/// The macro name at a name-token location from expansionChain.
llvm::StringRef macroNameAt(const clang::SourceManager &SM,
                            const clang::LangOptions &LO,
                            clang::SourceLocation NameLoc);

} // namespace kharden

#endif

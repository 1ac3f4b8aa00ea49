#include "engine/MacroExpansions.h"

#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace kharden {

std::string RecordedExpansion::text() const {
  std::string Out = Name + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += (I ? ", " : "") + Args[I];
  return Out + ")";
}

ExpansionRecorder::ExpansionRecorder(Preprocessor &PP, PrimitiveLookup &Lookup)
    : PP(PP), Lookup(Lookup) {
  for (const Callback &C : Lookup.model().callbacks())
    for (const std::string &N : C.Names)
      Registrations.try_emplace(N, &C);
  const StackOffsetNames &SO = Lookup.model().stackOffset();
  for (const std::string &N : SO.Consume)
    Sites.try_emplace(N, StackOffsetSite::Role::Consume);
  for (const std::string &N : SO.Refill)
    Sites.try_emplace(N, StackOffsetSite::Role::Refill);
  for (const CallArgument &A : Lookup.model().atomicUpdates())
    AtomicUpdates.add(A.Names);
}

SourcePoint pointAt(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return {};
  Loc = SM.getExpansionLoc(Loc);
  SourcePoint P;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc))) {
    llvm::SmallString<256> Path(FE->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    P.File = std::string(Path);
  }
  P.Line = SM.getExpansionLineNumber(Loc);
  P.Column = SM.getExpansionColumnNumber(Loc);
  return P;
}

std::string macroArgumentText(const Preprocessor &PP, const Token *Tok) {
  std::string Out;
  for (; Tok->isNot(tok::eof); ++Tok) {
    if (!Out.empty() && Tok->hasLeadingSpace())
      Out += ' ';
    Out += PP.getSpelling(*Tok);
  }
  return Out;
}

void ExpansionRecorder::MacroExpands(const Token &MacroNameTok,
                                     const MacroDefinition &MD, SourceRange,
                                     const MacroArgs *Args) {
  const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
  if (!II)
    return;
  StringRef Name = II->getName();
  const Primitive *Prim = Lookup.find(Name);
  const Callback *Registration = nullptr;
  std::optional<StackOffsetSite::Role> Site;
  bool AtomicUpdate = false;
  if (!Prim) {
    if (auto It = Registrations.find(Name); It != Registrations.end())
      Registration = It->second;
    else if (auto It = Sites.find(Name); It != Sites.end())
      Site = It->second;
    else
      AtomicUpdate = AtomicUpdates.contains(Name);
    if (!Registration && !Site && !AtomicUpdate)
      return;
  }
  RecordedExpansion &R = Expansions[MacroNameTok.getLocation().getRawEncoding()];
  R.Prim = Prim;
  R.Registration = Registration;
  R.Site = Site;
  R.AtomicUpdate = AtomicUpdate;
  R.Name = Name.str();
  if (Args)
    for (unsigned I = 0, N = Args->getNumMacroArguments(); I < N && I < 4; ++I) {
      const Token *First = Args->getUnexpArgument(I), *Last = First;
      for (const Token *T = First; T->isNot(tok::eof); ++T)
        Last = T;
      R.Args.push_back(macroArgumentText(PP, First));
      R.ArgRanges.push_back({First->getLocation(), Last->getLocation()});
    }
}

void expansionChain(const SourceManager &SM, SourceLocation Loc,
                    llvm::SmallVectorImpl<SourceLocation> &Chain) {
  while (Loc.isMacroID()) {
    // A token passed as an argument was written by the macro's caller.
    if (SM.isMacroArgExpansion(Loc)) {
      Loc = SM.getImmediateSpellingLoc(Loc);
      continue;
    }
    const SrcMgr::ExpansionInfo &E =
        SM.getSLocEntry(SM.getFileID(Loc)).getExpansion();
    SourceLocation NameLoc = E.getExpansionLocStart();
    Chain.push_back(NameLoc);
    Loc = NameLoc;
  }
}

const RecordedExpansion *primitiveUsing(const ExpansionRecorder &Expansions,
                                        const SourceManager &SM,
                                        const Stmt *Value, const Stmt *User) {
  if (!User->getBeginLoc().isMacroID())
    return nullptr;
  llvm::SmallVector<SourceLocation, 8> Chain, Inner;
  expansionChain(SM, User->getBeginLoc(), Chain);
  // Where the value itself was written: parentheses around an argument
  // (per_cpu_ptr()'s `(cpu)`) are the macro body's.
  const auto *E = dyn_cast<Expr>(Value);
  expansionChain(SM, (E ? E->IgnoreParenImpCasts() : Value)->getBeginLoc(),
                 Inner);
  for (SourceLocation L : llvm::reverse(Chain))
    if (const RecordedExpansion *R = Expansions.find(L);
        R && (R->Prim || R->AtomicUpdate) && !llvm::is_contained(Inner, L))
      return R;
  return nullptr;
}

unsigned argumentIndex(const SourceManager &SM, const RecordedExpansion &R,
                       const Stmt *Value) {
  const auto *E = dyn_cast<Expr>(Value);
  SourceLocation At =
      SM.getSpellingLoc((E ? E->IgnoreParenImpCasts() : Value)->getBeginLoc());
  for (unsigned I = 0; I < R.ArgRanges.size(); ++I) {
    SourceLocation First = SM.getSpellingLoc(R.ArgRanges[I].getBegin());
    SourceLocation Last = SM.getSpellingLoc(R.ArgRanges[I].getEnd());
    if (SM.isWrittenInSameFile(First, At) &&
        !SM.isBeforeInTranslationUnit(At, First) &&
        !SM.isBeforeInTranslationUnit(Last, At))
      return I;
  }
  return 0;
}

std::optional<std::string> writtenText(const Expr *E, const SourceManager &SM,
                                       const LangOptions &LO) {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO);
  if (Range.isInvalid())
    return std::nullopt;
  return Lexer::getSourceText(Range, SM, LO).str();
}

StringRef macroNameAt(const SourceManager &SM, const LangOptions &LO,
                      SourceLocation NameLoc) {
  SourceLocation Spelling = SM.getSpellingLoc(NameLoc);
  unsigned Len = Lexer::MeasureTokenLength(Spelling, SM, LO);
  return StringRef(SM.getCharacterData(Spelling), Len);
}

} // namespace kharden

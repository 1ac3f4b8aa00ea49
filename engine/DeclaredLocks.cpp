#include "engine/DeclaredLocks.h"

#include "engine/MacroExpansions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"

using namespace clang;

namespace kharden {

std::string DeclaredLock::text(llvm::StringRef Function) const {
  return (Function + "() " + (Acquires ? "__acquires(" : "__releases(") + Lock +
          ")")
      .str();
}

void DeclaredLocks::MacroExpands(const Token &MacroNameTok,
                                 const MacroDefinition &, SourceRange Range,
                                 const MacroArgs *Args) {
  const IdentifierInfo *II = MacroNameTok.getIdentifierInfo();
  if (!II || !Args || Args->getNumMacroArguments() != 1)
    return;
  bool Acquires = llvm::is_contained(Model.Acquires, II->getName());
  if (!Acquires && !llvm::is_contained(Model.Releases, II->getName()))
    return;
  // Written in a file, not made by another macro.
  if (!Range.getBegin().isFileID() || !Range.getEnd().isFileID())
    return;
  const SourceManager &SM = PP.getSourceManager();
  auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
  Annotations[File].push_back(
      {Begin, SM.getFileOffset(Range.getEnd()) + 1, Acquires,
       macroArgumentText(PP, Args->getUnexpArgument(0))});
}

llvm::ArrayRef<DeclaredLock> DeclaredLocks::of(const FunctionDecl *FD) const {
  auto [Cached, New] = Cache.try_emplace(FD->getCanonicalDecl());
  if (!New)
    return Cached->second;
  const SourceManager &SM = PP.getSourceManager();
  llvm::SmallVector<DeclaredLock, 2> &Found = Cached->second;
  for (const FunctionDecl *R : FD->redecls()) {
    // Implicit declarations (builtins) have no place in a file.
    if (R->getEndLoc().isInvalid() || !R->getEndLoc().isFileID())
      continue;
    SourceLocation After =
        Lexer::getLocForEndOfToken(R->getEndLoc(), 0, SM, PP.getLangOpts());
    auto [File, Offset] = SM.getDecomposedLoc(After);
    auto It = File.isValid() ? Annotations.find(File) : Annotations.end();
    if (It == Annotations.end())
      continue;
    llvm::StringRef Buffer = SM.getBufferData(File);
    auto A = llvm::lower_bound(
        It->second, Offset,
        [](const Annotation &X, unsigned Off) { return X.Begin < Off; });
    for (;
         A != It->second.end() && Buffer.slice(Offset, A->Begin).trim().empty();
         Offset = A->End, ++A)
      if (const LockAnnotations::LockType *T = lockType(R, A->Lock, Model))
        Found.push_back({A->Acquires, A->Lock, T});
    if (!Found.empty())
      break;
  }
  return Found;
}

/// Name's type as a member of T's structure (T a structure or union, or a
/// pointer to one where Arrow), through anonymous members.
static std::optional<QualType> memberType(QualType T, llvm::StringRef Name,
                                          bool Arrow) {
  if (Arrow) {
    if (!T->isPointerType())
      return std::nullopt;
    T = T->getPointeeType();
  }
  const auto *RT = T->getAs<RecordType>();
  const RecordDecl *RD = RT ? RT->getDecl()->getDefinition() : nullptr;
  if (!RD)
    return std::nullopt;
  for (const NamedDecl *D : RD->lookup(&RD->getASTContext().Idents.get(Name)))
    if (const auto *V = dyn_cast<ValueDecl>(D);
        V && (isa<FieldDecl>(V) || isa<IndirectFieldDecl>(V)))
      return V->getType();
  return std::nullopt;
}

const LockAnnotations::LockType *lockType(const FunctionDecl *FD,
                                          llvm::StringRef Lock,
                                          const LockAnnotations &Model) {
  auto Ident = [&](llvm::StringRef &S) {
    size_t N = 0;
    while (N < S.size() && isAsciiIdentifierContinue(S[N]))
      ++N;
    llvm::StringRef Id = isDigit(S.front()) ? "" : S.take_front(N);
    S = S.drop_front(Id.size()).ltrim();
    return Id;
  };
  // As written: `&inode->i_lock`, or with spaces between the tokens.
  llvm::StringRef S = Lock.trim();
  if (S.consume_front("&"))
    S = S.ltrim();
  llvm::StringRef Base = S.empty() ? "" : Ident(S);
  const ParmVarDecl *Param = nullptr;
  for (const ParmVarDecl *P : FD->parameters())
    if (!Base.empty() && P->getName() == Base)
      Param = P;
  if (!Param)
    return nullptr;
  QualType T = Param->getType();
  bool Members = false;
  while (!S.empty()) {
    bool Arrow = S.consume_front("->");
    if (!Arrow && !S.consume_front("."))
      return nullptr;
    S = S.ltrim();
    llvm::StringRef Field = S.empty() ? "" : Ident(S);
    std::optional<QualType> Next =
        Field.empty() ? std::nullopt : memberType(T, Field, Arrow);
    if (!Next)
      return nullptr;
    T = *Next;
    Members = true;
  }
  // `__acquires(lock)` of a `spinlock_t *lock` names what it points to.
  if (!Members && T->isPointerType())
    T = T->getPointeeType();
  while (const auto *TT = T->getAs<TypedefType>()) {
    if (const LockAnnotations::LockType *Known =
            Model.type(TT->getDecl()->getName()))
      return Known;
    T = TT->getDecl()->getUnderlyingType();
  }
  return nullptr;
}

} // namespace kharden

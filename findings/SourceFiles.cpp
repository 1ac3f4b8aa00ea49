#include "findings/SourceFiles.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace kharden {

SourceFiles::SourceFiles(DiagnosticConsumer *Consumer)
    : Files(FileSystemOptions()),
      Diags(new DiagnosticIDs(), new DiagnosticOptions(), Consumer,
            /*ShouldOwnClient=*/false),
      SM(Diags, Files) {}

SourceLocation SourceFiles::locate(const SourcePoint &P) {
  if (!P.valid())
    return {};
  OptionalFileEntryRef FE = Files.getOptionalFileRef(P.File);
  if (!FE)
    return {};
  FileID FID = SM.getOrCreateFileID(*FE, SrcMgr::C_User);
  return SM.translateLineCol(FID, P.Line, P.Column);
}

CharSourceRange SourceFiles::tokenRange(const SourcePoint &P) {
  SourceLocation Begin = locate(P);
  if (Begin.isInvalid())
    return {};
  SourceLocation End = Lexer::getLocForEndOfToken(Begin, 0, SM, LangOptions());
  if (End.isInvalid() || End == Begin)
    End = Begin.getLocWithOffset(1);
  return CharSourceRange::getCharRange(Begin, End);
}

} // namespace kharden

#include "checkers/core/Output.h"
#include "checkers/core/SourceFiles.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"

using namespace clang;

namespace kharden {

static DiagnosticsEngine::Level levelOf(Severity S) {
  return S == Severity::Warning ? DiagnosticsEngine::Warning
                                : DiagnosticsEngine::Note;
}

static void writePlain(llvm::raw_ostream &OS, const SourcePoint &P,
                       llvm::StringRef Level, llvm::StringRef Message) {
  OS << P.File << ':' << P.Line << ':' << P.Column << ": " << Level << ": "
     << Message << '\n';
}

void writeText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               bool Colors) {
  auto Opts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  Opts->ShowColors = Colors;
  TextDiagnosticPrinter Printer(OS, Opts.get());
  SourceFiles Files(&Printer);
  DiagnosticsEngine &Diags = Files.diagnostics();
  Diags.setShowColors(Colors);
  Printer.BeginSourceFile(LangOptions(), nullptr);
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (const Finding &F : Findings) {
    std::string Message = F.Message + " [" + F.Check + "]";
    SourceLocation Loc = Files.locate(F.Where);
    if (Loc.isInvalid()) {
      writePlain(OS, F.Where, severityName(F.Level), Message);
      for (const Note &N : F.Notes)
        writePlain(OS, N.Where, "note", N.Message);
      continue;
    }
    Diags.Report(Loc, Diags.getCustomDiagID(levelOf(F.Level), "%0")) << Message;
    for (const Note &N : F.Notes) {
      SourceLocation NoteLoc = Files.locate(N.Where);
      if (NoteLoc.isInvalid())
        writePlain(OS, N.Where, "note", N.Message);
      else
        Diags.Report(NoteLoc, NoteID) << N.Message;
    }
  }
  Printer.EndSourceFile();
}

} // namespace kharden

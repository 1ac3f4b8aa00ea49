#include "findings/Output.h"
#include "findings/SourceFiles.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/TextDiagnostic.h"

using namespace clang;

namespace kharden {

static DiagnosticsEngine::Level levelOf(Severity S) {
  switch (S) {
  case Severity::Note: return DiagnosticsEngine::Note;
  case Severity::Warning: return DiagnosticsEngine::Warning;
  case Severity::Error: return DiagnosticsEngine::Error;
  }
  llvm_unreachable("unknown severity");
}

/// "MESSAGE [check]", then the consequence if the check decides one:
/// "... [percpu-preemptible] [split-rmw]". Tools that look for the check's
/// tag after the message keep finding it.
static std::string headline(const Finding &F) {
  std::string Line = F.Message + " [" + F.Check + "]";
  if (!F.Consequence.empty())
    Line += " [" + F.Consequence + "]";
  return Line;
}

void writeText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               bool Colors) {
  auto Opts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  Opts->ShowColors = Colors;
  SourceFiles Files;
  LangOptions LO;
  // Clang's renderer, called directly: a finding of note severity is not a
  // note attached to an earlier warning, so the engine's rules do not apply.
  TextDiagnostic Renderer(OS, LO, Opts.get());
  auto Emit = [&](const SourcePoint &P, DiagnosticsEngine::Level Level,
                  llvm::StringRef Message) {
    SourceLocation Loc = Files.locate(P);
    if (Loc.isValid()) {
      Renderer.emitDiagnostic(FullSourceLoc(Loc, Files.sourceManager()), Level,
                              Message, {}, {});
      return;
    }
    OS << P.File.str() << ':' << P.Line << ':' << P.Column << ": ";
    TextDiagnostic::printDiagnosticLevel(OS, Level, Colors);
    OS << ": " << Message << '\n';
  };
  for (const Finding &F : Findings) {
    Emit(F.Where, levelOf(F.Level), headline(F));
    for (const Note &N : F.Notes)
      Emit(N.Where, DiagnosticsEngine::Note, N.Message);
  }
}

} // namespace kharden

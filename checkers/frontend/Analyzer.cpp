#include "checkers/frontend/Analyzer.h"

#include "checkers/engine/TUAnalysis.h"
#include "checkers/frontend/CompileSetup.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace clang::tooling;

namespace kharden {
namespace {

/// Counts compiler errors and keeps the first, instead of printing them.
class ErrorCollector : public DiagnosticConsumer {
public:
  explicit ErrorCollector(TUResult &Out) : Out(Out) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    if (Out.Errors++)
      return;
    SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(
          Info.getSourceManager().getExpansionLoc(Info.getLocation()));
      if (P.isValid())
        Out.FirstError = std::string(P.getFilename()) + ":" +
                         std::to_string(P.getLine()) + ":" +
                         std::to_string(P.getColumn()) + ": ";
    }
    Out.FirstError += Message.str();
  }

private:
  TUResult &Out;
};

class SummarizeFactory : public FrontendActionFactory {
public:
  SummarizeFactory(const KernelModel &Model, TUSummary &Out)
      : Model(Model), Out(Out) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<SummarizeAction>(Model, Out);
  }

private:
  const KernelModel &Model;
  TUSummary &Out;
};

void analyzeOne(const CompilationDatabase &DB, TUResult &R,
                const KernelModel &Model, const std::string &ResourceDir) {
  // A file system per thread: each TU has its own working directory.
  ClangTool Tool(DB, {R.File}, std::make_shared<PCHContainerOperations>(),
                 llvm::vfs::createPhysicalFileSystem());
  Tool.appendArgumentsAdjuster(analysisAdjuster(ResourceDir));
  ErrorCollector Errors(R);
  Tool.setDiagnosticConsumer(&Errors);
  Tool.setPrintErrorMessage(false);
  SummarizeFactory Factory(Model, R.Summary);
  Tool.run(&Factory);
  R.Ran = !R.Summary.MainFile.empty();
  if (!R.Ran && R.FirstError.empty())
    R.FirstError = "the compiler could not run on this file";
}

} // namespace

std::vector<TUResult> analyzeFiles(const CompilationDatabase &DB,
                                   const std::vector<std::string> &Files,
                                   const KernelModel &Model,
                                   const std::string &ResourceDir,
                                   unsigned Jobs) {
  std::vector<TUResult> Results(Files.size());
  for (size_t I = 0; I < Files.size(); ++I)
    Results[I].File = Files[I];
  if (Jobs <= 1 || Files.size() <= 1) {
    for (TUResult &R : Results)
      analyzeOne(DB, R, Model, ResourceDir);
    return Results;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (TUResult &R : Results)
    Pool.async([&] { analyzeOne(DB, R, Model, ResourceDir); });
  Pool.wait();
  return Results;
}

} // namespace kharden

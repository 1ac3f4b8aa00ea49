#include "frontend/Analyzer.h"

#include "engine/TUAnalysis.h"
#include "frontend/CompileSetup.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <ctime>
#include <mutex>

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

/// The engine's action, also recording every file the compiler read, with
/// the hash of the bytes it read: what a stored summary depends on.
class RecordingAction : public SummarizeAction {
public:
  RecordingAction(const KernelModel &Model, TUResult &R)
      : SummarizeAction(Model, R.Summary, R.Imports), R(R) {}

protected:
  void EndSourceFileAction() override {
    CompilerInstance &CI = getCompilerInstance();
    SourceManager &SM = CI.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      record(CI.getFileManager(), It->first, *It->second);
    SummarizeAction::EndSourceFileAction();
  }

private:
  void record(FileManager &FM, FileEntryRef File,
              const SrcMgr::ContentCache &Content) {
    FileRead Read;
    SmallString<256> Path(File.getName());
    FM.makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Read.Path = std::string(Path);
    Read.Size = uint64_t(File.getSize());
    Read.MTime = int64_t(File.getModificationTime());
    if (std::optional<llvm::MemoryBufferRef> Buf = Content.getBufferIfLoaded()) {
      Read.Hash = ContentHash::of(Buf->getBuffer());
    } else {
      // Looked up but never read: its bytes did not matter, its presence
      // may have; hash what is there now.
      auto Disk = llvm::MemoryBuffer::getFile(Read.Path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
      if (!Disk)
        return;
      Read.Hash = ContentHash::of((*Disk)->getBuffer());
    }
    R.Reads.push_back(std::move(Read));
  }

  TUResult &R;
};

class RecordingFactory : public FrontendActionFactory {
public:
  RecordingFactory(const KernelModel &Model, TUResult &R) : Model(Model), R(R) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<RecordingAction>(Model, R);
  }

private:
  const KernelModel &Model;
  TUResult &R;
};

/// Runs the analysis on each of R.File's compile commands. Not ClangTool:
/// it aborts the process on a command whose directory is missing, and it
/// reads a file named with a backslash as if that were a '/'.
void analyzeOne(const CompilationDatabase &DB, TUResult &R,
                const KernelModel &Model, const std::string &ResourceDir) {
  ArgumentsAdjuster Adjust = analysisAdjuster(ResourceDir);
  ErrorCollector Errors(R);
  RecordingFactory Factory(Model, R);
  auto PCH = std::make_shared<PCHContainerOperations>();
  R.ReadAt = int64_t(std::time(nullptr));
  for (const CompileCommand &C : DB.getCompileCommands(R.File)) {
    // A file system per command: each has its own working directory.
    auto FS = llvm::vfs::createPhysicalFileSystem();
    if (std::error_code EC = FS->setCurrentWorkingDirectory(C.Directory)) {
      R.CommandError = true;
      R.FirstError = "its compile command's directory '" + C.Directory +
                     "': " + EC.message();
      return;
    }
    auto Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(),
                                                        std::move(FS));
    ToolInvocation Invocation(
        withDirectoryPaths(Adjust(C.CommandLine, C.Filename), C.Directory),
        &Factory, Files.get(), PCH);
    Invocation.setDiagnosticConsumer(&Errors);
    Invocation.run();
  }
  R.Ran = !R.Summary.MainFile.empty();
  if (!R.Ran && R.FirstError.empty())
    R.FirstError = "the compiler could not run on this file";
  // One entry per path, in a stable order (a file with several commands is
  // read several times).
  llvm::sort(R.Reads, [](const FileRead &A, const FileRead &B) {
    return A.Path < B.Path;
  });
  R.Reads.erase(std::unique(R.Reads.begin(), R.Reads.end(),
                            [](const FileRead &A, const FileRead &B) {
                              return A.Path == B.Path;
                            }),
                R.Reads.end());
}

} // namespace

void analyzeFiles(const CompilationDatabase &DB,
                  llvm::MutableArrayRef<TUResult *> Work,
                  const KernelModel &Model, const std::string &ResourceDir,
                  unsigned Jobs, llvm::function_ref<void(TUResult &)> OnDone) {
  std::mutex DoneLock;
  auto Analyze = [&](TUResult &R) {
    analyzeOne(DB, R, Model, ResourceDir);
    std::lock_guard<std::mutex> Guard(DoneLock);
    OnDone(R);
  };
  if (Jobs <= 1 || Work.size() <= 1) {
    for (TUResult *R : Work)
      Analyze(*R);
    return;
  }
  llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (TUResult *R : Work)
    Pool.async([&Analyze, R] { Analyze(*R); });
  Pool.wait();
}

} // namespace kharden

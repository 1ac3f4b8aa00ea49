#include "frontend/Inputs.h"

#include "ci/PathGlob.h"
#include "frontend/CompileSetup.h"
#include "support/InputError.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;
using namespace clang::tooling;

namespace kharden {
namespace {

/// Applies --include and --exclude to Candidates.
Expected<std::vector<std::string>>
filterPaths(const InputRequest &Req, std::vector<std::string> Candidates) {
  if (Req.Include.empty() && Req.Exclude.empty())
    return Candidates;
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  auto Compile = [&](const std::vector<std::string> &Globs, StringRef Option)
      -> Expected<std::vector<PathGlob>> {
    std::vector<PathGlob> Out;
    for (const std::string &G : Globs) {
      auto P = PathGlob::create(G, Cwd);
      if (!P)
        return make_error<InputError>(Option.str(), toString(P.takeError()));
      Out.push_back(std::move(*P));
    }
    return Out;
  };
  auto Include = Compile(Req.Include, "--include");
  if (!Include)
    return Include.takeError();
  auto Exclude = Compile(Req.Exclude, "--exclude");
  if (!Exclude)
    return Exclude.takeError();
  auto Matches = [](const std::vector<PathGlob> &Globs, StringRef F) {
    return llvm::any_of(Globs, [&](const PathGlob &G) { return G.matches(F); });
  };
  std::vector<std::string> Kept;
  for (std::string &F : Candidates)
    if ((Include->empty() || Matches(*Include, F)) && !Matches(*Exclude, F))
      Kept.push_back(std::move(F));
  if (Kept.empty())
    return make_error<InputError>(
        Req.Command, "no translation unit matches --include/--exclude");
  return Kept;
}

/// The commands kbuild ran, as a summary database recorded them.
class StoredCommandDatabase : public CompilationDatabase {
public:
  explicit StoredCommandDatabase(std::vector<StoredCommand> Commands)
      : Commands(std::move(Commands)) {}

  std::vector<CompileCommand>
  getCompileCommands(StringRef File) const override {
    std::vector<CompileCommand> Out;
    for (const StoredCommand &C : Commands)
      if (C.File == File)
        Out.push_back(toCompileCommand(C));
    return Out;
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files;
    for (const StoredCommand &C : Commands)
      Files.push_back(C.File);
    return Files;
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    std::vector<CompileCommand> Out;
    for (const StoredCommand &C : Commands)
      Out.push_back(toCompileCommand(C));
    return Out;
  }

private:
  static CompileCommand toCompileCommand(const StoredCommand &C) {
    return CompileCommand(C.Directory, C.File, C.Arguments, "");
  }
  std::vector<StoredCommand> Commands;
};

/// The files of the kbuild set still on disk, by path.
std::vector<std::string> kbuildFiles(ArrayRef<StoredCommand> Set) {
  std::vector<std::string> Files;
  for (const StoredCommand &C : Set) {
    if (sys::fs::exists(C.File))
      Files.push_back(C.File);
    else
      reportWarning(C.File + ": checked under kbuild, but no longer exists; "
                             "left out");
  }
  return Files;
}

} // namespace

Expected<Inputs> collectInputs(const InputRequest &Req,
                               const CommandTail &Tail) {
  const std::string &BuildDir = Req.BuildDir;
  Inputs In;
  std::vector<std::string> Requested = Req.Files;
  if (Req.KbuildSet) {
    Requested = kbuildFiles(*Req.KbuildSet);
    In.DB = std::make_unique<StoredCommandDatabase>(*Req.KbuildSet);
  } else if (Tail.TailKind == CommandTail::Kind::Kbuild) {
    auto Cmd = parseKbuildCommand(Tail.Args);
    if (!Cmd)
      return Cmd.takeError();
    Requested = {Cmd->File};
    In.DB = std::make_unique<FixedCompilationDatabase>(".", Cmd->Flags);
  } else if (!BuildDir.empty()) {
    if (Tail.TailKind == CommandTail::Kind::CompilerFlags)
      return make_error<InputError>("-p", "cannot be combined with '--'");
    auto DB = loadCompilationDatabase(BuildDir);
    if (!DB)
      return DB.takeError();
    In.DB = std::move(*DB);
    if (Requested.empty()) {
      // The kernel's database lists assembler sources too: they belong
      // there, but are not kharden's. A file named on the command line is
      // checked as given (and refused if it is not C).
      for (std::string &F : allSourceFiles(*In.DB)) {
        if (hasCSourceName(F))
          Requested.push_back(std::move(F));
        else
          ++In.NotC;
      }
      if (Requested.empty())
        return make_error<InputError>(
            BuildDir + "/compile_commands.json",
            "compilation database has no C entries (only assembler or other "
            "sources)");
    }
  } else {
    // clang-tidy's convention: flags after `--`, or none.
    In.DB = std::make_unique<FixedCompilationDatabase>(".", Tail.Args);
  }
  if (Requested.empty())
    return make_error<InputError>(
        Req.Command, "no input files (give files, or -p <build-dir>)");
  auto Filtered = filterPaths(Req, std::move(Requested));
  if (!Filtered)
    return Filtered.takeError();
  for (const std::string &F : *Filtered) {
    if (Error E = validateSourceFile(F))
      return E;
    std::string Abs = absolutePath(F);
    if (!BuildDir.empty() && In.DB->getCompileCommands(Abs).empty())
      return make_error<InputError>(F, "not in " + BuildDir +
                                           "/compile_commands.json");
    In.Files.push_back(Abs);
  }
  return In;
}

} // namespace kharden

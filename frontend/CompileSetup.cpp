#include "frontend/CompileSetup.h"

#include "ci/PathGlob.h"
#include "frontend/OutputOptions.h"
#include "support/InputError.h"
#include "support/JsonFile.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace clang::tooling;

namespace kharden {

static bool isDependencyFlag(StringRef Arg) {
  return Arg.starts_with("-Wp,-MD") || Arg.starts_with("-Wp,-MMD");
}

/// Warning flags only sparse understands (-Wbitwise, -Wno-return-void ...).
static bool isUnknownWarningFlag(StringRef Arg) {
  if (!Arg.consume_front("-W") || Arg.starts_with("p,") ||
      Arg.starts_with("a,") || Arg.starts_with("l,"))
    return false;
  Arg.consume_front("no-");
  Arg.consume_front("error=");
  if (Arg.empty() || Arg == "error" || Arg == "all" || Arg == "extra" ||
      Arg == "everything")
    return false;
  return !clang::DiagnosticIDs::getGroupForWarningOption(Arg);
}

Expected<KbuildCommand> parseKbuildCommand(ArrayRef<std::string> Args) {
  if (Args.empty())
    return make_error<InputError>(
        "--kbuild", "expects kbuild's checker command line after it");
  KbuildCommand Cmd;
  Cmd.File = Args.back();
  ArrayRef<std::string> Flags = Args.drop_back();
  auto CFlags = llvm::find_if(Flags, [](const std::string &A) {
    return isDependencyFlag(A);
  });
  if (CFlags != Flags.end()) {
    Cmd.Flags.assign(CFlags, Flags.end());
    return Cmd;
  }
  for (const std::string &A : Flags)
    if (!StringRef(A).starts_with("--arch=") && A != "-D__CHECKER__" &&
        !isUnknownWarningFlag(A))
      Cmd.Flags.push_back(A);
  return Cmd;
}

bool hasCSourceName(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".c" || Ext == ".h" || Ext == ".i";
}

Error validateSourceFile(StringRef Path) {
  if (!sys::fs::exists(Path))
    return make_error<InputError>(Path.str(), "no such file");
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  StringRef Head = (*Buf)->getBuffer().take_front(4096);
  if (Head.contains('\0'))
    return make_error<InputError>(Path.str(),
                                  "binary file, not C source");
  if (!hasCSourceName(Path))
    return make_error<InputError>(
        Path.str(), "not a C source file (expected .c, .h or .i)");
  return Error::success();
}

Expected<std::unique_ptr<CompilationDatabase>>
loadCompilationDatabase(StringRef BuildDir) {
  SmallString<256> Path(BuildDir);
  if (sys::path::filename(Path) != "compile_commands.json")
    sys::path::append(Path, "compile_commands.json");
  if (!sys::fs::exists(Path))
    return make_error<InputError>(Path.str().str(), "no such file");
  auto Buf = readInputFile(Path);
  if (!Buf)
    return Buf.takeError();
  return parseCompilationDatabase((*Buf)->getBuffer(), Path);
}

Expected<std::unique_ptr<CompilationDatabase>>
parseCompilationDatabase(StringRef Text, StringRef Path) {
  if (Text.trim().empty())
    return make_error<InputError>(Path.str(), "empty compilation database");
  // JSONCompilationDatabase reads JSON with LLVM's YAML parser, which
  // prints its own messages on stderr for text that is not JSON: check it is
  // JSON first, for one line with the position.
  if (auto Json = parseJson(Text, Path); !Json)
    return Json.takeError();
  std::string Why;
  auto DB = JSONCompilationDatabase::loadFromBuffer(
      Text, Why, JSONCommandLineSyntax::AutoDetect);
  if (!DB) {
    // JSONCompilationDatabase prefixes its reasons with the file name.
    StringRef Reason(Why);
    Reason.consume_front("Error while parsing compilation database: ");
    return make_error<InputError>(Path.str(), Reason.trim().str());
  }
  if (DB->getAllFiles().empty())
    return make_error<InputError>(Path.str(),
                                  "compilation database has no entries");
  return std::unique_ptr<CompilationDatabase>(std::move(DB));
}

std::vector<std::string> allSourceFiles(const CompilationDatabase &DB) {
  std::vector<std::string> Files;
  for (const CompileCommand &C : DB.getAllCompileCommands()) {
    SmallString<256> Path(C.Filename);
    if (sys::path::is_relative(Path)) {
      Path = C.Directory;
      sys::path::append(Path, C.Filename);
    }
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Files.push_back(std::string(Path));
  }
  llvm::sort(Files); // a stable order, whatever the database's
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

ArgumentsAdjuster analysisAdjuster(std::string ResourceDir) {
  return [ResourceDir](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Out = dropOutputOptions(Args);
    if (Out.empty())
      return Out;
    bool HasResourceDir = llvm::any_of(Out, [](StringRef A) {
      return A.starts_with("-resource-dir");
    });
    if (!HasResourceDir)
      Out.insert(Out.begin() + 1, "-resource-dir=" + ResourceDir);
    Out.insert(Out.begin() + 1, "-fsyntax-only");
    // Compiler warnings are not kharden's to report.
    Out.push_back("-w");
    Out.push_back("-Wno-error");
    return Out;
  };
}

CommandLineArguments withDirectoryPaths(CommandLineArguments Args,
                                        StringRef Directory) {
  constexpr StringRef SeedFile = "-frandomize-layout-seed-file=";
  for (std::string &Arg : Args) {
    StringRef Value(Arg);
    if (!Value.consume_front(SeedFile) || Value.empty() ||
        sys::path::is_absolute(Value))
      continue;
    SmallString<256> Path(Directory);
    sys::path::append(Path, Value);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Arg = (SeedFile + Path).str();
  }
  return Args;
}

ContentHash commandKey(const CompilationDatabase &DB, StringRef File,
                       const std::string &ResourceDir) {
  std::vector<std::string> Parts;
  ArgumentsAdjuster Adjust = analysisAdjuster(ResourceDir);
  for (const CompileCommand &C : DB.getCompileCommands(File)) {
    // "." (kbuild's fixed database) and the absolute path it stands for
    // (what --kbuild-report reads back) are one directory.
    Parts.push_back(absolutePath(C.Directory));
    Parts.push_back(C.Filename);
    for (std::string &Arg : Adjust(C.CommandLine, C.Filename))
      Parts.push_back(std::move(Arg));
    Parts.push_back("\n"); // ends one command
  }
  return ContentHash::ofParts(Parts);
}

} // namespace kharden

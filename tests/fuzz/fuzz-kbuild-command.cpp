//===- tests/fuzz/fuzz-kbuild-command.cpp - kbuild's CHECK command line ---===//
//
// `kharden check ... --kbuild ARGS`: the input is the whole argument list,
// one argument per line. The tail is cut off as main() does, parsed as
// kbuild's `$(CHECKFLAGS) $(c_flags) $<`, and the compile command it gives
// goes through the analysis adjuster (clang's option table included).
//
//===----------------------------------------------------------------------===//
#include "frontend/CompileSetup.h"
#include "support/CommandTail.h"

#include "llvm/ADT/SmallVector.h"

using namespace kharden;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  std::vector<std::string> Storage = {"kharden", "check"};
  for (llvm::StringRef L : Lines)
    Storage.push_back(L.str());
  std::vector<const char *> Argv;
  for (const std::string &A : Storage)
    Argv.push_back(A.c_str());
  int Argc = int(Argv.size());
  CommandTail Tail = splitCommandTail(Argc, Argv.data());
  if (Tail.TailKind != CommandTail::Kind::Kbuild)
    return 0;
  auto Cmd = parseKbuildCommand(Tail.Args);
  if (!Cmd) {
    llvm::consumeError(Cmd.takeError());
    return 0;
  }
  std::vector<std::string> CommandLine = {"clang-tool"};
  CommandLine.insert(CommandLine.end(), Cmd->Flags.begin(), Cmd->Flags.end());
  CommandLine.push_back(Cmd->File);
  analysisAdjuster("/resource")(CommandLine, Cmd->File);
  return 0;
}

//===- tests/fuzz/fuzz-compile-db.cpp - compile_commands.json (-p) --------===//
//
// The database reader, then what a run does with what it accepts: the
// files it lists, their commands through the analysis adjuster (clang's
// option table included) and the command key of the summary database.
//
//===----------------------------------------------------------------------===//
#include "frontend/CompileSetup.h"

using namespace kharden;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto DB = parseCompilationDatabase(Text, "compile_commands.json");
  if (!DB) {
    llvm::consumeError(DB.takeError());
    return 0;
  }
  auto Adjust = analysisAdjuster("/resource");
  for (const std::string &File : allSourceFiles(**DB)) {
    hasCSourceName(File);
    for (const auto &C : (*DB)->getCompileCommands(File))
      Adjust(C.CommandLine, C.Filename);
    commandKey(**DB, File, "/resource");
  }
  return 0;
}

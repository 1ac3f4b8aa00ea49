//===- tests/fuzz/fuzz-scheme.cpp - scheme files (kharden prove) ----------===//
//
// Every kind of scheme file, read as `kharden prove --scheme` reads it: the
// kind first, then the reader of that kind's model (models/Models.def), so
// a model added to the registry is fuzzed with no change here. The readers
// take a path, so each input is written to a private temporary file first.
//
//===----------------------------------------------------------------------===//
#include "models/prove/Model.h"
#include "models/scheme/SchemeFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace kharden;

static const std::string &schemePath() {
  static const std::string Path = [] {
    llvm::SmallString<128> P;
    if (llvm::sys::fs::createTemporaryFile("kharden-fuzz-scheme", "yaml", P))
      std::abort();
    return std::string(P);
  }();
  return Path;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(schemePath(), EC);
    if (EC)
      std::abort();
    OS.write(reinterpret_cast<const char *>(Data), Size);
  }
  auto Kind = readSchemeKind(schemePath());
  if (!Kind) {
    llvm::consumeError(Kind.takeError());
    return 0;
  }
  if (const prove::ModelInfo *M = prove::modelOfKind(Kind->Kind))
    llvm::consumeError(M->Create()->read(schemePath()));
  return 0;
}

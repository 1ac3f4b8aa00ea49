//===- tests/fuzz/fuzz-scheme.cpp - scheme files (kharden prove) ----------===//
//
// The scheme readers take a path, so each input is written to a private
// temporary file first.
//
//===----------------------------------------------------------------------===//
#include "models/kstack/Scheme.h"
#include "models/placement/PlacementScheme.h"
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
  if (*Kind == SchemeKind::StackOffset) {
    auto S = kstack::readStackOffsetScheme(schemePath());
    if (!S)
      llvm::consumeError(S.takeError());
  } else {
    auto S = placement::readPlacementScheme(schemePath());
    if (!S)
      llvm::consumeError(S.takeError());
  }
  return 0;
}

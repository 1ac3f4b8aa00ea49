//===- tests/fuzz/fuzz-unified-diff.cpp - the --diff reader ---------------===//
#include "ci/UnifiedDiff.h"

using namespace kharden;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Lines = ChangedLines::parse(Text, "fuzz.diff");
  if (!Lines) {
    llvm::consumeError(Lines.takeError());
    return 0;
  }
  // Every file the diff names, and a few it does not.
  for (unsigned Line : {0u, 1u, 2u, 100u, ~0u}) {
    Lines->contains("/src/linux/kernel/fork.c", Line);
    Lines->contains("a.c", Line);
  }
  return 0;
}

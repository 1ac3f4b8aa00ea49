//===- tests/fuzz/fuzz-suppressions.cpp - the --suppressions reader -------===//
#include "ci/Suppressions.h"

using namespace kharden;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto S = Suppressions::parse(Text, "fuzz.yaml", "/src/linux");
  if (!S) {
    llvm::consumeError(S.takeError());
    return 0;
  }
  Finding F;
  F.Check = "percpu-preemptible";
  F.Where = {"/src/linux/kernel/fork.c", 3, 4};
  F.Function = "copy_process";
  F.Variable = "v";
  S->match(F);
  return 0;
}

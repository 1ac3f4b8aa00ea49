//===- tests/fuzz/fuzz-baseline.cpp - the --baseline reader ---------------===//
#include "ci/Baseline.h"

using namespace kharden;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto B = Baseline::parse(Text, "fuzz.json");
  if (!B) {
    llvm::consumeError(B.takeError());
    return 0;
  }
  Finding F;
  F.Check = "percpu-preemptible";
  F.Where = {"/src/a.c", 3, 4};
  F.Function = "f";
  F.Variable = "v";
  F.Evidence = "read";
  B->known({F, F});
  return 0;
}

//===- tests/fuzz/fuzz-kernel-model.cpp - --primitives files --------------===//
#include "engine/KernelModel.h"

using namespace kharden;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Model = KernelModel::parse(Text, "fuzz.yaml");
  if (!Model) {
    llvm::consumeError(Model.takeError());
    return 0;
  }
  // The lookups every analysis makes.
  for (llvm::StringRef Name :
       {"raw_cpu_read", "local_irq_enable", "do_syscall_64", "x"}) {
    if (const Primitive *P = (*Model)->findPrimitive(Name))
      P->effectsFor({"DAIF_PROCCTX", "flags"});
    (*Model)->findEntryPoint(Name);
    (*Model)->isRandomSource(Name);
  }
  return 0;
}

// Placeholder until the models land (issue 4): keeps the driver linking.
#include "models/prove/ProveCommand.h"
#include "support/ExitCodes.h"
#include "llvm/Support/raw_ostream.h"

namespace kharden {
static llvm::cl::SubCommand Prove("prove", "Prove properties of randomization schemes");
static llvm::cl::OptionCategory Category("kharden prove options");
llvm::cl::SubCommand &proveSubcommand() { return Prove; }
llvm::cl::OptionCategory &proveCategory() { return Category; }
int runProveCommand() {
  llvm::errs() << "kharden: error: prove is not built yet\n";
  return ExitUsage;
}
} // namespace kharden

// Placeholder while the check front end is written.
#include "checkers/frontend/CheckCommand.h"
#include "support/ExitCodes.h"

namespace kharden {
static llvm::cl::SubCommand Check("check", "Run the per-CPU and preemption checkers on kernel sources");
static llvm::cl::OptionCategory Category("kharden check options");
llvm::cl::SubCommand &checkSubcommand() { return Check; }
llvm::cl::OptionCategory &checkCategory() { return Category; }
int runCheckCommand(const CommandTail &) { return ExitUsage; }
} // namespace kharden

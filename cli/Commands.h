//===- cli/Commands.h - `kharden extract` and `kharden report` ------------===//
#ifndef KHARDEN_CLI_COMMANDS_H
#define KHARDEN_CLI_COMMANDS_H

#include "support/CommandTail.h"

#include "llvm/Support/CommandLine.h"

namespace kharden {

llvm::cl::SubCommand &extractSubcommand();
llvm::cl::OptionCategory &extractCategory();
int runExtractCommand(const CommandTail &Tail);

llvm::cl::SubCommand &reportSubcommand();
llvm::cl::OptionCategory &reportCommandCategory();
int runReportCommand(const CommandTail &Tail);

} // namespace kharden

#endif

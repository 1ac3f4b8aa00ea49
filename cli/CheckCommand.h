//===- cli/CheckCommand.h - `kharden check` ------              -*- C++ -*-===//
#ifndef KHARDEN_CLI_CHECKCOMMAND_H
#define KHARDEN_CLI_CHECKCOMMAND_H

#include "support/CommandTail.h"

#include "llvm/Support/CommandLine.h"

namespace kharden {

/// The `check` subcommand and the category its own options are listed
/// under (the options it shares with `merge` are in commonCategory()).
llvm::cl::SubCommand &checkSubcommand();
llvm::cl::OptionCategory &checkCategory();

/// Runs `kharden check` with the options already parsed and the compiler
/// arguments that followed `--` or `--kbuild`; returns an ExitCode.
int runCheckCommand(const CommandTail &Tail);

} // namespace kharden

#endif

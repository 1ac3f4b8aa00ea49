//===- cli/ProveCommand.h - `kharden prove` -----------         -*- C++ -*-===//
#ifndef KHARDEN_CLI_PROVECOMMAND_H
#define KHARDEN_CLI_PROVECOMMAND_H

#include "llvm/Support/CommandLine.h"

namespace kharden {

/// The `prove` subcommand and the category its options are listed under.
llvm::cl::SubCommand &proveSubcommand();
llvm::cl::OptionCategory &proveCategory();

/// Runs `kharden prove` with the options already parsed; returns an ExitCode.
int runProveCommand();

} // namespace kharden

#endif

//===- cli/MergeCommand.h - `kharden merge` ------              -*- C++ -*-===//
//
// `kharden merge A.db B.db ...` reports on the summary databases of the N
// shards of one run (`kharden check --shard K/N`), as if one machine had
// analysed every translation unit: same program, same findings, same
// report, same exit status.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CLI_MERGECOMMAND_H
#define KHARDEN_CLI_MERGECOMMAND_H

#include "llvm/Support/CommandLine.h"

namespace kharden {

llvm::cl::SubCommand &mergeSubcommand();
llvm::cl::OptionCategory &mergeCategory();

/// Runs `kharden merge` with the options already parsed; returns an
/// ExitCode.
int runMergeCommand();

} // namespace kharden

#endif

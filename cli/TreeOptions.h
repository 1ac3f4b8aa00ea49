//===- cli/TreeOptions.h - the inputs extract and report share ------------===//
#ifndef KHARDEN_CLI_TREEOPTIONS_H
#define KHARDEN_CLI_TREEOPTIONS_H

#include "frontend/Inputs.h"

#include "llvm/Support/CommandLine.h"

namespace kharden {

llvm::cl::OptionCategory &treeCategory();

/// The files, -p and -j given to extract or report.
InputRequest treeRequest(llvm::StringRef Command);
unsigned treeJobs();

} // namespace kharden

#endif

//===- report/TreeOptions.h - the inputs extract and report share ---------===//
#ifndef KHARDEN_REPORT_TREEOPTIONS_H
#define KHARDEN_REPORT_TREEOPTIONS_H

#include "checkers/frontend/Inputs.h"

#include "llvm/Support/CommandLine.h"

namespace kharden {

llvm::cl::OptionCategory &treeCategory();

/// The files, -p and -j given to extract or report.
InputRequest treeRequest(llvm::StringRef Command);
unsigned treeJobs();

} // namespace kharden

#endif

//===- cli/CommonOptions.h - what check, merge, extract, report share ----===//
//
// The options that choose the checks and the kernel model (check, merge,
// report; --primitives also extract) and how findings are selected and
// written (check, merge), read once into the values frontend/Results.h
// takes.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CLI_COMMONOPTIONS_H
#define KHARDEN_CLI_COMMONOPTIONS_H

#include "frontend/Results.h"

#include "llvm/Support/CommandLine.h"

namespace kharden {

llvm::cl::OptionCategory &commonCategory();

/// --checks, --check-option and --primitives as given.
AnalysisOptions analysisOptions();
/// -o, --format, --min-severity, --baseline, --diff, --suppressions, --stats
/// and --max-indirect-targets as given.
FindingOptions findingOptions();

} // namespace kharden

#endif

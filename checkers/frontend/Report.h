//===- checkers/frontend/Report.h - from summaries to a report --*- C++ -*-===//
//
// What `kharden check` and `kharden merge` share: the options that choose
// the checks, the kernel model, the report's format and destination, which
// findings count as new (--baseline, --diff, --suppressions) and --stats;
// and the last step of both, from the translation units' results (in
// selection order) to the solved program, the findings and the report.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CHECKERS_FRONTEND_REPORT_H
#define KHARDEN_CHECKERS_FRONTEND_REPORT_H

#include "checkers/ci/NewFindings.h"
#include "checkers/ci/TUResult.h"
#include "checkers/core/Check.h"

#include "llvm/Support/CommandLine.h"

#include <memory>

namespace kharden {

llvm::cl::OptionCategory &reportCategory();

/// The checks --checks names (all by default).
llvm::Expected<std::vector<std::unique_ptr<Check>>> selectChecks();
/// Runs Checks on the solved program: findings sorted, each reported once.
std::vector<Finding> runChecks(const Program &P,
                               llvm::ArrayRef<std::unique_ptr<Check>> Checks);
/// The built-in kernel model and the --primitives files.
llvm::Expected<std::shared_ptr<const KernelModel>> loadKernelModel();
/// --suppressions, --baseline and --diff, read and checked.
llvm::Expected<NewFindingFilter> loadNewFindingFilter();
/// --stats: print what was analysed and reused.
bool statsRequested();

/// Warns (one line) about a translation unit analysed in part or not at all;
/// one whose compile command cannot run is an error.
void warnIncomplete(const TUResult &R);

enum class ReportMode {
  Normal,
  Kbuild, ///< Diagnostics on stderr; findings do not fail the build.
};

/// Combines Results in their order into one program, solves it, runs
/// Checks, keeps the new findings and writes the report. Returns the exit
/// status: 2 if a unit's compile command could not run, else 1 if findings
/// remain, 2 if none do but a unit was incomplete. Context (a kbuild
/// process's stored callers) joins the program after Results, and only
/// findings in the files of Results' functions are reported.
int reportResults(std::vector<TUResult> Results,
                  std::shared_ptr<const KernelModel> Model,
                  llvm::ArrayRef<std::unique_ptr<Check>> Checks,
                  const NewFindingFilter &Filter, ReportMode Mode,
                  std::vector<TUSummary> Context = {});

} // namespace kharden

#endif

//===- frontend/Results.h - from results to findings            -*- C++ -*-===//
//
// The last step of `kharden check` and `kharden merge`: from the
// translation units' results (in selection order) to the solved program,
// the findings, which of them are new (--baseline, --diff, --suppressions),
// and the written findings. Also what `report` and `extract` share with
// them: the checks chosen and the kernel model. The options arrive as
// values (cli/CommonOptions.h reads them from the command line).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FRONTEND_RESULTS_H
#define KHARDEN_FRONTEND_RESULTS_H

#include "checkers/Check.h"
#include "ci/NewFindings.h"
#include "ci/TUResult.h"
#include "engine/FollowedFlows.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kharden {

/// Which checks run, with which options, on which kernel model.
struct AnalysisOptions {
  std::string Checks; ///< --checks: comma-separated names, "" or "*": all.
  std::vector<std::string> CheckOptions;   ///< --check-option c.Option=v
  std::vector<std::string> PrimitiveFiles; ///< --primitives
};

enum class FindingFormat { Text, Json, Sarif };

/// How `check` and `merge` select and write their findings.
struct FindingOptions {
  FindingFormat Format = FindingFormat::Text;
  std::string OutputFile; ///< -o; "" for standard output.
  Severity MinSeverity = Severity::Warning; ///< --min-severity
  std::string BaselineFile, DiffFile, SuppressionsFile;
  bool Stats = false; ///< --stats
  unsigned MaxIndirectTargets = Program::DefaultMaxTargets;
  unsigned MaxFieldFacts = Program::DefaultMaxFieldFacts;
  unsigned MaxEntryContexts = Program::DefaultMaxEntryContexts;
};

/// The checks Opts.Checks names, with Opts.CheckOptions applied.
llvm::Expected<std::vector<std::unique_ptr<Check>>>
selectChecks(const AnalysisOptions &Opts);
/// Runs Checks on the solved program: findings sorted, each reported once.
std::vector<Finding> runChecks(const Program &P,
                               llvm::ArrayRef<std::unique_ptr<Check>> Checks);
/// The built-in kernel model and PrimitiveFiles.
llvm::Expected<std::shared_ptr<const KernelModel>>
loadKernelModel(llvm::ArrayRef<std::string> PrimitiveFiles);
/// The minimum severity, and the suppressions, baseline and diff Opts
/// names, read and checked.
llvm::Expected<NewFindingFilter> loadNewFindingFilter(const FindingOptions &Opts);

/// Warns (one line) about a translation unit analysed in part or not at all;
/// one whose compile command cannot run is an error.
void warnIncomplete(const TUResult &R);

enum class ReportMode {
  Normal,
  Kbuild, ///< Diagnostics on stderr; findings do not fail the build.
};

/// The results of a run in selection order, one at a time (nullopt after
/// the last): each joins the program as it comes, so that only one unit's
/// summary is held beside the program's, not every unit's.
using NextResult =
    llvm::function_ref<llvm::Expected<std::optional<TUResult>>()>;

/// Combines the results Next gives, in their order, into one program, solves
/// it, runs Checks, keeps the new findings and writes them as Opts says.
/// Returns the exit status: 2 if Next fails (its error reported) or a unit's
/// compile command could not run, else 1 if findings remain, 2 if none do
/// but a unit was incomplete. Context (a kbuild process's stored callers)
/// joins the program after the results, and only findings in the files of
/// the results' functions are reported. Followed, if given, holds the
/// value flows the run follows, found before Next gave anything (merge's
/// first pass over its databases): each unit drops the others as it joins,
/// so that they are never all held at once.
int reportResults(NextResult Next, std::shared_ptr<const KernelModel> Model,
                  llvm::ArrayRef<std::unique_ptr<Check>> Checks,
                  const NewFindingFilter &Filter, const FindingOptions &Opts,
                  ReportMode Mode, std::vector<TUSummary> Context = {},
                  FollowedFlows *Followed = nullptr);
/// The same with results held in memory.
int reportResults(std::vector<TUResult> Results,
                  std::shared_ptr<const KernelModel> Model,
                  llvm::ArrayRef<std::unique_ptr<Check>> Checks,
                  const NewFindingFilter &Filter, const FindingOptions &Opts,
                  ReportMode Mode, std::vector<TUSummary> Context = {});

} // namespace kharden

#endif

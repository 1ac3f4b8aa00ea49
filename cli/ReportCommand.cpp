#include "cli/Commands.h"

#include "cli/CommonOptions.h"
#include "cli/TreeOptions.h"
#include "frontend/Results.h"
#include "report/BuildReport.h"
#include "report/Delta.h"
#include "report/Pipeline.h"
#include "report/Render.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"

#include "llvm/Support/ToolOutputFile.h"

using namespace llvm;

namespace kharden {

cl::SubCommand &reportSubcommand() {
  static cl::SubCommand Cmd(
      "report", "Check a tree, extract its stack-offset scheme, prove it, "
                "and compare with a base report");
  return Cmd;
}

cl::OptionCategory &reportCommandCategory() {
  static cl::OptionCategory Category("kharden report options");
  return Category;
}

namespace {

#define REPORT_OPTION cl::sub(reportSubcommand()), cl::cat(reportCommandCategory())

cl::opt<std::string>
    BaseFile("base",
             cl::desc("The JSON report of the base tree: add a delta of "
                      "findings and properties, exit 1 if anything got worse"),
             cl::value_desc("file"), REPORT_OPTION);
cl::opt<RenderFormat> Format(
    "format", cl::desc("Output format"), cl::init(RenderFormat::Markdown),
    cl::values(clEnumValN(RenderFormat::Markdown, "md", "Markdown"),
               clEnumValN(RenderFormat::Html, "html", "HTML"),
               clEnumValN(RenderFormat::Json, "json",
                          "JSON (what --base reads)")),
    REPORT_OPTION);
cl::opt<std::string> Output("o", cl::desc("Write the report to FILE"),
                            cl::value_desc("file"), REPORT_OPTION);
cl::opt<unsigned> TimeoutMs("timeout-ms",
                            cl::desc("Wall-clock limit per solver query, in "
                                     "milliseconds; 0 means unlimited"),
                            cl::init(20000), REPORT_OPTION);

#undef REPORT_OPTION

} // namespace

int runReportCommand(const CommandTail &Tail) {
  const AnalysisOptions Analysis = analysisOptions();
  auto Checks = selectChecks(Analysis);
  if (!Checks) {
    reportErrors(Checks.takeError());
    return ExitUsage;
  }
  auto Model = loadKernelModel(Analysis.PrimitiveFiles);
  if (!Model) {
    reportErrors(Model.takeError());
    return ExitUsage;
  }
  std::optional<TreeReport> Base;
  if (!BaseFile.empty()) {
    auto B = readTreeReport(BaseFile);
    if (!B) {
      reportErrors(B.takeError());
      return ExitUsage;
    }
    Base = std::move(*B);
  }
  auto Tree = analyseTree(treeRequest("kharden report"), Tail, *Model, treeJobs());
  if (!Tree) {
    reportErrors(Tree.takeError());
    return ExitUsage;
  }
  ProofReport Proofs;
  TreeReport Report = buildTreeReport(*Tree, *Checks, TimeoutMs, Proofs);
  std::optional<ReportDelta> Delta;
  if (Base)
    Delta = compareReports(*Base, Report);

  std::error_code EC;
  ToolOutputFile Out(Output.empty() ? std::string("-") : std::string(Output),
                     EC, sys::fs::OF_Text);
  if (EC) {
    reportErrors(make_error<InputError>(Output, EC.message()));
    return ExitUsage;
  }
  render(Out.os(), Report, Proofs, Delta ? &*Delta : nullptr, Format);
  Out.keep();

  if (Delta)
    return Delta->worse() ? ExitFindings : ExitClean;
  if (!Report.Findings.empty())
    return ExitFindings;
  return undecided(Report) ? ExitUndecided : ExitClean;
}

} // namespace kharden

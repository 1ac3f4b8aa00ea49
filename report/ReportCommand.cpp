#include "report/Commands.h"

#include "checkers/frontend/Report.h"
#include "models/kstack/Properties.h"
#include "models/kstack/StackOffsetRun.h"
#include "models/solver/Solver.h"
#include "report/Delta.h"
#include "report/Pipeline.h"
#include "report/Render.h"
#include "report/TreeOptions.h"
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

/// Paths relative to the tree's root, so two trees' reports compare.
void relativize(const std::string &Root, SourcePoint &P) {
  P.File = underRoot(Root, P.File);
}

std::vector<kstack::PropertyResult> prove(const kstack::StackOffsetScheme &S) {
  smt::SolverConfig Config;
  Config.TimeoutMs = TimeoutMs;
  std::vector<kstack::PropertyResult> Results;
  for (const kstack::PropertyInfo &P : kstack::stackOffsetProperties())
    if (P.AppliesTo(S))
      Results.push_back(P.Prove(S, Config));
  return Results;
}

/// Builds the report of the analysed tree; Proofs gets the proof report.
TreeReport buildReport(const AnalysedTree &Tree,
                       ArrayRef<std::unique_ptr<Check>> Checks,
                       ProofReport &Proofs) {
  TreeReport R;
  R.Root = treeRoot(Tree.Inputs);
  for (const std::string &F : Tree.Inputs)
    R.Inputs.push_back(underRoot(R.Root, F));
  for (const std::string &F : Tree.Incomplete)
    R.Incomplete.push_back(underRoot(R.Root, F));
  R.Findings = runChecks(*Tree.Solved, Checks);
  for (Finding &F : R.Findings) {
    relativize(R.Root, F.Where);
    for (Note &N : F.Notes)
      relativize(R.Root, N.Where);
  }
  Proofs.Z3Version = smt::SmtSession::z3Version();
  auto Run = std::make_unique<kstack::StackOffsetRun>();
  for (ExtractedScheme &E : extractStackOffsetSchemes(
           *Tree.Solved,
           [&](StringRef Function) { return filesNaming(Tree, Function); })) {
    SchemeReport S;
    S.Name = E.Scheme.Name;
    S.Arch = E.Scheme.Arch;
    S.Complete = E.complete();
    for (ExtractedField F : E.Fields) {
      relativize(R.Root, F.Where);
      S.Fields.push_back(std::move(F));
    }
    if (S.Complete) {
      kstack::SchemeResults SR{E.Scheme, "(extracted)", prove(E.Scheme)};
      for (const kstack::PropertyResult &PR : SR.Results) {
        S.Properties.push_back(figuresOf(PR));
        Proofs.TotalMs += PR.TimeMs;
      }
      Run->add(std::move(SR));
    }
    R.Schemes.push_back(std::move(S));
  }
  if (!Run->empty())
    Proofs.Parts.push_back({&kstack::model(), std::move(Run)});
  return R;
}

bool undecided(const TreeReport &R) {
  for (const SchemeReport &S : R.Schemes) {
    if (!S.Complete)
      return true;
    for (const PropertyFigures &P : S.Properties)
      if (!smt::decided(P.Status))
        return true;
  }
  return false;
}

} // namespace

int runReportCommand(const CommandTail &Tail) {
  auto Checks = selectChecks();
  if (!Checks) {
    reportErrors(Checks.takeError());
    return ExitUsage;
  }
  auto Model = loadKernelModel();
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
  TreeReport Report = buildReport(*Tree, *Checks, Proofs);
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

#include "frontend/Results.h"

#include "ci/PathGlob.h"
#include "engine/FollowedFlows.h"
#include "findings/Output.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"
#include "support/Plural.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>

using namespace llvm;

namespace kharden {

namespace {

/// Where the built-in kernel model lives: installed beside the binary, or in
/// the source tree it was built from.
std::string builtinModelPath() {
  SmallString<256> Installed(
      sys::fs::getMainExecutable("kharden", (void *)&builtinModelPath));
  sys::path::remove_filename(Installed);
  sys::path::append(Installed, "..", "share", "kharden", "kernel.yaml");
  if (sys::fs::exists(Installed))
    return std::string(Installed);
  return KHARDEN_DATA_DIR "/kernel.yaml";
}

/// --check-option check.Option=value: typed and validated by the check.
Error applyCheckOptions(ArrayRef<std::string> CheckOptions,
                        ArrayRef<std::unique_ptr<Check>> Checks) {
  for (StringRef Setting : CheckOptions) {
    auto [Key, Value] = Setting.split('=');
    auto [CheckName, Option] = Key.split('.');
    if (Option.empty() || !Setting.contains('='))
      return make_error<InputError>(
          "--check-option", "expected <check>.<Option>=<value>, not '" +
                                Setting.str() + "'");
    auto It = llvm::find_if(Checks, [&](const std::unique_ptr<Check> &C) {
      return C->name() == CheckName;
    });
    if (It == Checks.end())
      return make_error<InputError>("--check-option",
                                    "no check '" + CheckName.str() +
                                        "' is selected");
    if (Error E = (*It)->setOption(Option, Value))
      return make_error<InputError>("--check-option", toString(std::move(E)));
  }
  return Error::success();
}


/// GitHub code scanning tracks an alert across commits by its
/// partialFingerprints; ours survive line shifts like --baseline's.
void addFingerprints(json::Value &Sarif, ArrayRef<Finding> Findings) {
  json::Array *Results = sarifResults(Sarif);
  if (!Results || Results->size() != Findings.size())
    return;
  for (size_t I = 0; I < Findings.size(); ++I)
    if (json::Object *R = (*Results)[I].getAsObject())
      (*R)["partialFingerprints"] = json::Object{
          {"khardenFingerprint/v1",
           ContentHash::of(fingerprint(Findings[I])).hex()}};
}

json::Value filteredToJson(const NewFindingFilter &Filter,
                           const FilterCounts &Counts) {
  json::Object O;
  if (Counts.BelowSeverity)
    O["below_min_severity"] = Counts.BelowSeverity;
  if (Filter.Suppress)
    O["suppressed"] = Counts.Suppressed;
  if (Filter.Base)
    O["in_baseline"] = Counts.InBaseline;
  if (Filter.Diff)
    O["outside_diff"] = Counts.OutsideDiff;
  return O;
}

/// "kharden: 1 new finding; 2 below --min-severity=warning, 2 in the
/// baseline, 1 suppressed (FILE)".
void printFilterSummary(const NewFindingFilter &Filter, size_t Kept,
                        const FilterCounts &Counts) {
  bool New = Filter.Base || Filter.Diff;
  std::vector<std::string> Parts;
  if (Counts.BelowSeverity)
    Parts.push_back(formatv("{0} below --min-severity={1}",
                            Counts.BelowSeverity,
                            severityName(Filter.MinSeverity)));
  if (Filter.Base)
    Parts.push_back(formatv("{0} in the baseline", Counts.InBaseline));
  if (Filter.Diff)
    Parts.push_back(formatv("{0} outside the diff", Counts.OutsideDiff));
  if (Filter.Suppress)
    Parts.push_back(formatv("{0} suppressed ({1})", Counts.Suppressed,
                            Filter.Suppress->name()));
  errs() << "kharden: " << Kept << (New ? " new" : "")
         << (Kept == 1 ? " finding" : " findings") << "; "
         << join(Parts, ", ") << '\n';
}

void writeFindings(raw_ostream &OS, std::vector<Finding> Findings,
                   const RunInfo &Run, const NewFindingFilter &Filter,
                   const FilterCounts &Counts, FindingFormat Format,
                   bool Colors) {
  switch (Format) {
  case FindingFormat::Text:
    // 0-day marks the warnings a patch introduces; so do we, in a way that
    // keeps the clang-style "file:line:col: warning:" prefix for tools.
    if (Filter.Base || Filter.Diff)
      for (Finding &F : Findings)
        F.Message = "[new] " + F.Message;
    writeText(OS, Findings, Colors);
    break;
  case FindingFormat::Json: {
    json::Value Doc = findingsToJson(Findings, Run);
    if (Filter.active() || Counts.BelowSeverity)
      (*Doc.getAsObject())["filtered"] = filteredToJson(Filter, Counts);
    OS << formatv("{0:2}", Doc) << '\n';
    break;
  }
  case FindingFormat::Sarif: {
    json::Value Doc = findingsToSarif(Findings, Run);
    addFingerprints(Doc, Findings);
    OS << formatv("{0:2}", Doc) << '\n';
    break;
  }
  }
}

/// Wall time since it was made or last asked.
class PhaseClock {
public:
  double lap() {
    auto Now = std::chrono::steady_clock::now();
    double Seconds = std::chrono::duration<double>(Now - Start).count();
    Start = Now;
    return Seconds;
  }

private:
  std::chrono::steady_clock::time_point Start =
      std::chrono::steady_clock::now();
};
} // namespace

std::vector<Finding> runChecks(const Program &P,
                               ArrayRef<std::unique_ptr<Check>> Checks) {
  std::vector<Finding> Findings;
  for (const auto &C : Checks)
    C->run(P, Findings);
  llvm::sort(Findings);
  // A header's code is seen by every file including it: report it once.
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [](const Finding &A, const Finding &B) {
                               return !(A < B) && !(B < A);
                             }),
                 Findings.end());
  return Findings;
}

Expected<std::vector<std::unique_ptr<Check>>>
selectChecks(const AnalysisOptions &Opts) {
  std::vector<std::unique_ptr<Check>> Selected;
  SmallVector<StringRef, 4> Names;
  StringRef(Opts.Checks).split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef &N : Names)
    N = N.trim();
  for (StringRef N : Names)
    if (N != "*" && !llvm::any_of(allChecks(), [&](const CheckInfo &C) {
          return C.Name == N;
        }))
      return make_error<InputError>("--checks",
                                    "unknown check '" + N.str() +
                                        "' (see --list-checks)");
  for (const CheckInfo &C : allChecks())
    if ((Names.empty() && C.Selected == CheckInfo::ByDefault) ||
        llvm::is_contained(Names, "*") || llvm::is_contained(Names, C.Name))
      Selected.push_back(C.Create());
  if (Error E = applyCheckOptions(Opts.CheckOptions, Selected))
    return E;
  return Selected;
}

Expected<std::shared_ptr<const KernelModel>>
loadKernelModel(ArrayRef<std::string> PrimitiveFiles) {
  std::vector<StringRef> Checks;
  for (const CheckInfo &C : allChecks())
    Checks.push_back(C.Name);
  return KernelModel::load(builtinModelPath(), PrimitiveFiles, Checks);
}

Expected<NewFindingFilter> loadNewFindingFilter(const FindingOptions &Opts) {
  NewFindingFilter Filter;
  Filter.MinSeverity = Opts.MinSeverity;
  if (!Opts.SuppressionsFile.empty()) {
    auto S = Suppressions::load(Opts.SuppressionsFile);
    if (!S)
      return S.takeError();
    Filter.Suppress = std::move(*S);
  }
  if (!Opts.BaselineFile.empty()) {
    auto B = Baseline::load(Opts.BaselineFile);
    if (!B)
      return B.takeError();
    Filter.Base = std::move(*B);
  }
  if (!Opts.DiffFile.empty()) {
    auto D = ChangedLines::load(Opts.DiffFile);
    if (!D)
      return D.takeError();
    Filter.Diff = std::move(*D);
  }
  return Filter;
}

void warnIncomplete(const TUResult &R) {
  if (R.CommandError)
    return reportErrors(make_error<InputError>(R.File, R.FirstError));
  reportWarning(R.File + ": " +
                (R.Ran ? "analysed only as far as it parsed: " +
                             std::to_string(R.Errors) +
                             " compiler error(s), first: "
                       : std::string("not analysed: ")) +
                R.FirstError);
}

/// Input's path in the tree kbuild checks: relative to the source tree
/// (kbuild exports srctree), else to the current directory (the object
/// tree), else the absolute path without its leading '/'.
static std::string treePath(StringRef Input) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  std::optional<std::string> SrcTree = sys::Process::GetEnv("srctree");
  for (std::string Base : {SrcTree ? absolutePath(*SrcTree) : std::string(),
                           std::string(Cwd)})
    if (!Base.empty())
      if (std::optional<StringRef> Rel = relativeTo(Input, Base))
        return Rel->str();
  return Input.ltrim('/').str();
}

/// -o FILE; under kbuild, which runs one checker process per file, -o DIR/
/// (or an existing directory) holds one report per file, at the file's
/// path in the tree: a/b_c/d.c and a_b/c_d.c never share a report.
static std::string outputPath(ArrayRef<std::string> Inputs,
                              const FindingOptions &Opts, ReportMode Mode) {
  StringRef Out(Opts.OutputFile);
  if (Mode != ReportMode::Kbuild || Inputs.empty() ||
      !(Out.ends_with("/") || sys::fs::is_directory(Out)))
    return Opts.OutputFile;
  StringRef Ext = Opts.Format == FindingFormat::Json    ? ".json"
                  : Opts.Format == FindingFormat::Sarif ? ".sarif"
                                                        : ".txt";
  SmallString<256> Path(Out);
  sys::path::append(Path, treePath(Inputs.front()) + Ext);
  sys::fs::create_directories(sys::path::parent_path(Path));
  return std::string(Path);
}

int reportResults(std::vector<TUResult> Results,
                  std::shared_ptr<const KernelModel> Model,
                  ArrayRef<std::unique_ptr<Check>> Checks,
                  const NewFindingFilter &Filter, const FindingOptions &Opts,
                  ReportMode Mode, std::vector<TUSummary> Context) {
  size_t I = 0;
  auto Next = [&]() -> Expected<std::optional<TUResult>> {
    if (I == Results.size())
      return std::nullopt;
    return std::move(Results[I++]);
  };
  return reportResults(Next, std::move(Model), Checks, Filter, Opts, Mode,
                       std::move(Context));
}

int reportResults(NextResult Next, std::shared_ptr<const KernelModel> Model,
                  ArrayRef<std::unique_ptr<Check>> Checks,
                  const NewFindingFilter &Filter, const FindingOptions &Opts,
                  ReportMode Mode, std::vector<TUSummary> Context,
                  FollowedFlows *Followed) {
  RunInfo Run;
  for (const auto &C : Checks)
    Run.Checks.push_back(std::string(C->name()));
  for (const CheckInfo &C : allChecks())
    Run.Rules.push_back({C.Name.str(), C.Summary.str()});
  unsigned MaxIndirectTargets = Opts.MaxIndirectTargets;
  Program P(std::move(Model), MaxIndirectTargets, Opts.MaxFieldFacts,
            Opts.MaxEntryContexts);
  bool CommandErrors = false;
  StringSet<> OwnFiles;
  while (true) {
    auto Result = Next();
    if (!Result) {
      reportErrors(Result.takeError());
      return ExitUsage;
    }
    if (!*Result)
      break;
    TUResult &R = **Result;
    Run.Inputs.push_back(R.File);
    if (R.Errors || !R.Ran) {
      Run.Incomplete.push_back(R.File);
      warnIncomplete(R);
    }
    CommandErrors |= R.CommandError;
    for (const FunctionSummary &F : R.Summary.Functions)
      OwnFiles.insert(F.Where.File);
    if (Followed)
      P.add(std::move(R.Summary),
            [&](FunctionSummary &F) { Followed->dropUnreached(F); });
    else
      P.add(std::move(R.Summary));
  }
  // A kbuild process reports on its own file, not on the stored callers it
  // solves with.
  if (!Context.empty())
    for (const auto &C : Checks)
      C->reportOnlyIn(OwnFiles);
  for (TUSummary &S : Context)
    P.add(std::move(S));
  // Before the solve: its entry contexts take the room the dropped flows
  // leave (issue 21).
  FollowedValues Flows =
      Followed ? Followed->counts() : dropUnfollowedValues(P);
  PhaseClock Clock;
  P.solve([&](const FunctionSummary &F) {
    unsigned Parts = 0;
    for (const std::unique_ptr<Check> &C : Checks)
      Parts |= C->contextPartsRead(P.model(), F);
    return Parts;
  });
  double SolveSeconds = Clock.lap();
  if (Opts.Stats) {
    const IndirectCallStats &I = P.indirectCalls();
    errs() << formatv("kharden: stats: calls through function pointers: {0} "
                      "resolved, {1} capped (more than {2}), {3} open ({4} "
                      "with nothing stored in the run)\n",
                      I.Resolved, I.Capped,
                      plural(MaxIndirectTargets, "target"), I.Open, I.Unstored);
    Program::EntryStats E = P.entryStats();
    errs() << formatv("kharden: stats: entry contexts: {0} of {1} functions "
                      "solved (what the checks read, and their callers; {2} "
                      "in the run), {3} distinct states\n",
                      E.Contexts, E.Solved, P.functions().size(), E.States);
    if (E.FieldFactsBounded)
      errs() << formatv("kharden: stats: field facts: {0} took further entry "
                        "contexts without them, past {1} each "
                        "(--max-field-facts)\n",
                        plural(E.FieldFactsBounded, "function"),
                        plural(Opts.MaxFieldFacts, "set"));
    if (E.Widened)
      errs() << formatv("kharden: stats: entry contexts: {0} took further "
                        "contexts joined, past {1} each "
                        "(--max-entry-contexts)\n",
                        plural(E.Widened, "function"), Opts.MaxEntryContexts);
    CallerGraph::Cycles Cycles = P.callGraphCycles();
    size_t LargestContexts = 0;
    for (uint32_t F : Cycles.Largest)
      LargestContexts += P.entries(P.functions()[F]).size();
    errs() << formatv("kharden: stats: call graph: {0} in {1} (strongly "
                      "connected components); the largest has {2} and {3} of "
                      "the entry contexts\n",
                      plural(Cycles.Functions, "function"),
                      plural(Cycles.Components, "cycle"),
                      plural(Cycles.Largest.size(), "function"),
                      LargestContexts);
    errs() << formatv("kharden: stats: value flows: {0} of {1} kept (the "
                      "others no operation's value reaches)\n",
                      Flows.Kept, Flows.Flows);
  }
  FilterCounts Counts;
  std::vector<Finding> Findings = Filter.select(runChecks(P, Checks), Counts);
  if (Opts.Stats)
    errs() << formatv("kharden: stats: whole program: solve {0:f1} s, checks "
                      "{1:f1} s\n",
                      SolveSeconds, Clock.lap());

  std::error_code EC;
  std::unique_ptr<ToolOutputFile> Out;
  if (!Opts.OutputFile.empty()) {
    std::string Path = outputPath(Run.Inputs, Opts, Mode);
    Out = std::make_unique<ToolOutputFile>(Path, EC, sys::fs::OF_Text);
    if (EC) {
      reportErrors(make_error<InputError>(Path, EC.message()));
      return ExitUsage;
    }
  }
  // Under kbuild, diagnostics go to stderr like sparse's.
  raw_ostream &OS = Out ? Out->os() : Mode == ReportMode::Kbuild ? errs() : outs();
  bool Colors = !Out && Opts.Format == FindingFormat::Text && OS.has_colors();
  size_t Reported = Findings.size();
  writeFindings(OS, std::move(Findings), Run, Filter, Counts, Opts.Format,
              Colors);
  OS.flush(); // the report first, then the summary line on stderr
  if (Out)
    Out->keep();
  if (Filter.active() || Counts.BelowSeverity)
    printFilterSummary(Filter, Reported, Counts);
  if (Opts.Stats)
    for (const auto &C : Checks)
      for (const std::string &Line : C->stats(P))
        errs() << "kharden: stats: " << C->name() << ": " << Line << "\n";

  // A compile command that cannot run is the input's fault: the report of
  // the others is written, but the run is not clean.
  if (CommandErrors)
    return ExitUsage;
  // Like sparse, a checker under kbuild must not stop the build for findings.
  if (Reported)
    return Mode == ReportMode::Kbuild ? ExitClean : ExitFindings;
  return Run.Incomplete.empty() ? ExitClean : ExitUsage;
}

} // namespace kharden

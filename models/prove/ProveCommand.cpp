//===- models/prove/ProveCommand.cpp - `kharden prove` --------------------===//
//
// Reads the schemes (default: every built-in stack-offset scheme), proves
// the requested properties of each, and writes the report. Exit status: 0
// when every property is decided (proved or refuted), 3 when any is unknown
// or an error, 2 for usage and input errors.
//
//===----------------------------------------------------------------------===//
#include "models/prove/ProveCommand.h"
#include "models/kstack/Properties.h"
#include "models/placement/PlacementModel.h"
#include "models/placement/PlacementScheme.h"
#include "models/prove/Report.h"
#include "models/scheme/SchemeFile.h"
#include "models/solver/Solver.h"
#include "support/ExitCodes.h"
#include "support/ForEachIndex.h"
#include "support/InputError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>
#include <thread>

using namespace llvm;

namespace kharden {

static cl::SubCommand Prove("prove",
                            "Prove properties of randomization schemes");
static cl::OptionCategory Category("kharden prove options");
cl::SubCommand &proveSubcommand() { return Prove; }
cl::OptionCategory &proveCategory() { return Category; }

static cl::list<std::string>
    Schemes("scheme",
            cl::desc("A scheme file, or the name of a built-in scheme "
                     "(repeatable; default: every built-in scheme)"),
            cl::value_desc("FILE|NAME"), cl::sub(Prove), cl::cat(Category));
static cl::list<std::string> Properties(
    "property",
    cl::desc("Comma-separated properties to prove (default: all): "
             "entropy.fresh, entropy.stationary, entropy.after-leaks, "
             "atomicity.freshness, atomicity.same-cpu-rmw; for "
             "module-placement schemes placement.min-entropy, "
             "placement.leak, placement.fallback (only these: every "
             "built-in module-placement scheme by default)"),
    cl::value_desc("LIST"), cl::CommaSeparated, cl::sub(Prove),
    cl::cat(Category));
static cl::opt<ReportFormat> Format(
    "format", cl::desc("Report format"), cl::init(ReportFormat::Text),
    cl::values(clEnumValN(ReportFormat::Text, "text", "one line a theorem"),
               clEnumValN(ReportFormat::Json, "json", "machine-readable"),
               clEnumValN(ReportFormat::Markdown, "md", "the proof report"),
               clEnumValN(ReportFormat::Html, "html", "the proof report")),
    cl::sub(Prove), cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Write the report to FILE"),
                                   cl::value_desc("FILE"), cl::init("-"),
                                   cl::sub(Prove), cl::cat(Category));
static cl::opt<std::string>
    SmtDir("smt-dir",
           cl::desc("Write every solver query as an SMT-LIB2 file into DIR"),
           cl::value_desc("DIR"), cl::sub(Prove), cl::cat(Category));
static cl::opt<unsigned>
    TimeoutMs("timeout-ms",
              cl::desc("Wall-clock limit per solver query, in milliseconds "
                       "(a query that hits it is unknown, never proved)"),
              cl::init(20000), cl::sub(Prove), cl::cat(Category));

static cl::opt<double> MinBits(
    "min-bits",
    cl::desc("Module placement: report the N at which the min-entropy falls "
             "below BITS (default: the scheme's evaluate.min-bits)"),
    cl::value_desc("BITS"), cl::init(-1), cl::sub(Prove), cl::cat(Category));

static cl::opt<unsigned>
    Jobs("jobs",
         cl::desc("Properties proved in parallel (default: one per core); "
                  "each has its own solver, so results do not depend on it"),
         cl::init(0), cl::sub(Prove), cl::cat(Category));

/// The placement.* properties asked for (models/placement): their schemes
/// are evaluated as a whole, these only select the report's parts.
static std::vector<std::string> PlacementProperties;

static bool onlyPlacementProperties() {
  return !Properties.empty() &&
         PlacementProperties.size() == Properties.size();
}

static Expected<std::vector<std::string>> schemeFiles() {
  if (Schemes.empty())
    return builtinSchemeFiles(onlyPlacementProperties()
                                  ? SchemeKind::ModulePlacement
                                  : SchemeKind::StackOffset);
  std::vector<std::string> Files;
  for (const std::string &Arg : Schemes) {
    Expected<std::string> File = resolveSchemeArgument(Arg);
    if (!File)
      return File.takeError();
    Files.push_back(*File);
  }
  return Files;
}

static Expected<std::vector<const kstack::PropertyInfo *>> properties() {
  std::vector<const kstack::PropertyInfo *> Out;
  if (Properties.empty()) {
    for (const kstack::PropertyInfo &P : kstack::stackOffsetProperties())
      Out.push_back(&P);
    return Out;
  }
  for (const std::string &Name : Properties) {
    if (StringRef(Name).starts_with("placement.")) {
      if (Name != "placement.min-entropy" && Name != "placement.leak" &&
          Name != "placement.fallback")
        return createStringError(inconvertibleErrorCode(),
                                 "unknown property '" + Name +
                                     "'; see 'kharden prove --help'");
      PlacementProperties.push_back(Name);
      continue;
    }
    const kstack::PropertyInfo *P = kstack::findProperty(Name);
    if (!P)
      return createStringError(inconvertibleErrorCode(),
                               "unknown property '" + Name +
                                   "'; see 'kharden prove --help'");
    Out.push_back(P);
  }
  return Out;
}

static Expected<std::vector<SchemeResults>>
readSchemes(std::vector<placement::PlacementScheme> &Placement) {
  Expected<std::vector<std::string>> Files = schemeFiles();
  if (!Files)
    return Files.takeError();
  std::vector<SchemeResults> Out;
  for (const std::string &File : *Files) {
    Expected<SchemeKind> Kind = readSchemeKind(File);
    if (!Kind)
      return Kind.takeError();
    if (*Kind == SchemeKind::ModulePlacement) {
      Expected<placement::PlacementScheme> S =
          placement::readPlacementScheme(File);
      if (!S)
        return S.takeError();
      Placement.push_back(std::move(*S));
      continue;
    }
    if (*Kind != SchemeKind::StackOffset)
      return make_error<InputError>(
          File, ("kind " + schemeKindName(*Kind) +
                 " is not proved by 'kharden prove'; it takes kind "
                 "stack-offset")
                    .str());
    Expected<kstack::StackOffsetScheme> S = kstack::readStackOffsetScheme(File);
    if (!S)
      return S.takeError();
    Out.push_back({std::move(*S), File, {}});
  }
  return Out;
}

int runProveCommand() {
  auto Props = properties();
  if (!Props) {
    reportErrors(Props.takeError());
    return ExitUsage;
  }
  std::vector<placement::PlacementScheme> PlacementSchemes;
  auto Read = readSchemes(PlacementSchemes);
  if (!Read) {
    reportErrors(Read.takeError());
    return ExitUsage;
  }
  std::error_code EC;
  ToolOutputFile Out(Output, EC, sys::fs::OF_Text);
  if (EC) {
    reportErrors(make_error<InputError>(Output, EC.message()));
    return ExitUsage;
  }

  smt::SolverConfig Config;
  Config.TimeoutMs = TimeoutMs;
  Config.SmtDir = SmtDir;
  ProofReport Report;
  Report.Z3Version = smt::SmtSession::z3Version();
  Report.Schemes = std::move(*Read);
  auto Start = std::chrono::steady_clock::now();
  // Every (scheme, property) is independent: its own Z3 context, its own
  // result slot, so the report's order never depends on scheduling.
  struct Job {
    SchemeResults *Scheme;
    const kstack::PropertyInfo *Property;
    size_t Slot;
  };
  std::vector<Job> Work;
  for (SchemeResults &SR : Report.Schemes)
    for (const kstack::PropertyInfo *P : *Props)
      if (P->AppliesTo(SR.Scheme)) {
        Work.push_back({&SR, P, SR.Results.size()});
        SR.Results.emplace_back();
      }
  unsigned Threads = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  forEachIndex(Work.size(), Threads, [&](size_t I) {
    Work[I].Scheme->Results[Work[I].Slot] =
        Work[I].Property->Prove(Work[I].Scheme->Scheme, Config);
  });
  // Module placement: each scheme runs its simulation on every core itself.
  for (const placement::PlacementScheme &S : PlacementSchemes) {
    placement::ModelOptions O;
    O.Solver = Config;
    if (MinBits >= 0)
      O.MinBits = MinBits;
    placement::PlacementResult P = placement::evaluatePlacement(S, O);
    auto Asked = [&](StringRef Name) {
      return PlacementProperties.empty() ||
             llvm::is_contained(PlacementProperties, Name);
    };
    if (!Asked("placement.leak"))
      P.Leaks.clear();
    if (!Asked("placement.fallback"))
      for (placement::SeriesPoint &SP : P.Series) {
        SP.FallbackProbability.reset();
        SP.FallbackBound.reset();
        SP.DrawnFallbackProbability.reset();
        SP.ProposalEstimateBits.reset();
      }
    Report.Placement.push_back(std::move(P));
  }
  bool AllDecided = true;
  for (const placement::PlacementResult &P : Report.Placement)
    AllDecided &= P.allProved();
  for (const SchemeResults &SR : Report.Schemes)
    for (const kstack::PropertyResult &R : SR.Results)
      AllDecided &= R.Verdict == smt::Status::Proved ||
                    R.Verdict == smt::Status::Refuted;
  Report.TotalMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  writeReport(Out.os(), Report, Format);
  Out.keep();
  return AllDecided ? ExitClean : ExitUndecided;
}

} // namespace kharden

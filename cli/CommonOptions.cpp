#include "cli/CommonOptions.h"

#include "cli/CheckCommand.h"
#include "cli/Commands.h"
#include "cli/MergeCommand.h"

using namespace llvm;

namespace kharden {

cl::OptionCategory &commonCategory() {
  static cl::OptionCategory Category(
      "Common options (check, merge; some also extract, report)");
  return Category;
}

namespace {

// Each option belongs to both subcommands.
#define BOTH cl::sub(checkSubcommand()), cl::sub(mergeSubcommand())
// The options that choose checks and kernel knowledge also serve report, and
// --primitives extract.
#define ALL_ANALYSES BOTH, cl::sub(reportSubcommand())

cl::opt<FindingFormat> OutputFormat(
    "format", cl::desc("Output format"), cl::init(FindingFormat::Text),
    cl::values(
        clEnumValN(FindingFormat::Text, "text", "clang-style diagnostics"),
        clEnumValN(FindingFormat::Json, "json", "JSON (docs/output.md)"),
        clEnumValN(FindingFormat::Sarif, "sarif", "SARIF 2.1.0")),
    BOTH, cl::cat(commonCategory()));
cl::opt<Severity> MinSeverity(
    "min-severity",
    cl::desc("Report findings of at least this severity (docs/output.md)"),
    cl::init(Severity::Warning),
    cl::values(clEnumValN(Severity::Note, "note", "everything"),
               clEnumValN(Severity::Warning, "warning",
                          "warnings and errors (default)"),
               clEnumValN(Severity::Error, "error", "errors only")),
    BOTH, cl::cat(commonCategory()));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to FILE"),
                                cl::value_desc("file"), BOTH,
                                cl::cat(commonCategory()));
cl::opt<std::string>
    ChecksOpt("checks",
              cl::desc("Comma-separated checks to run, or '*' for all "
                       "(default: all but the opt-in ones; see --list-checks)"),
              cl::value_desc("list"), ALL_ANALYSES, cl::cat(commonCategory()));
cl::list<std::string> CheckOptions(
    "check-option",
    cl::desc("Set a check's option: <check>.<Option>=<value> (repeatable; "
             "see --list-checks)"),
    cl::value_desc("check.Option=value"), ALL_ANALYSES,
    cl::cat(commonCategory()));
cl::list<std::string> PrimitiveFiles(
    "primitives",
    cl::desc("Extra kernel model file (YAML, docs/kernel-model.md); its "
             "entries take precedence over the built-in ones"),
    cl::value_desc("file"), ALL_ANALYSES, cl::sub(extractSubcommand()),
    cl::cat(commonCategory()));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Report only findings absent from FILE, the JSON result of an "
             "earlier run (docs/ci.md); lines may have moved"),
    cl::value_desc("file"), BOTH, cl::cat(commonCategory()));
cl::opt<std::string> DiffFile(
    "diff",
    cl::desc("Report only findings whose location or a note lies on a line "
             "this unified diff adds or changes ('-': standard input)"),
    cl::value_desc("file"), BOTH, cl::cat(commonCategory()));
cl::opt<std::string> SuppressionsFile(
    "suppressions",
    cl::desc("YAML file of accepted findings, each with a reason "
             "(docs/ci.md)"),
    cl::value_desc("file"), BOTH, cl::cat(commonCategory()));
cl::opt<bool> Stats("stats",
                    cl::desc("Print how many translation units were analysed "
                             "and how many reused, how the calls through "
                             "function pointers were resolved, and how long "
                             "the solve and the checks took (stderr)"),
                    BOTH, cl::cat(commonCategory()));
cl::opt<unsigned> MaxIndirectTargets(
    "max-indirect-targets",
    cl::desc("A call through a function pointer that may reach more than N "
             "functions passes its context to them but takes none of their "
             "effects (docs/architecture.md)"),
    cl::value_desc("N"), cl::init(Program::DefaultMaxTargets), BOTH,
    cl::cat(commonCategory()));
cl::opt<unsigned> MaxFieldFacts(
    "max-field-facts",
    cl::desc("A function entered with N different sets of what its callers "
             "know of the fields its arguments point to takes further "
             "calling contexts without them: bounds the solve's memory "
             "(docs/architecture.md)"),
    cl::value_desc("N"), cl::init(Program::DefaultMaxFieldFacts), BOTH,
    cl::cat(commonCategory()));
cl::opt<unsigned> MaxEntryContexts(
    "max-entry-contexts",
    cl::desc("A function entered in N calling contexts takes further ones "
             "without the values its callers pass, joined by the rest of "
             "the context: bounds the solve's memory; 0: no bound "
             "(docs/architecture.md)"),
    cl::value_desc("N"), cl::init(Program::DefaultMaxEntryContexts), BOTH,
    cl::cat(commonCategory()));

#undef ALL_ANALYSES
#undef BOTH

} // namespace

AnalysisOptions analysisOptions() {
  return {ChecksOpt, {CheckOptions.begin(), CheckOptions.end()},
          {PrimitiveFiles.begin(), PrimitiveFiles.end()}};
}

FindingOptions findingOptions() {
  FindingOptions O;
  O.Format = OutputFormat;
  O.OutputFile = OutputFile;
  O.MinSeverity = MinSeverity;
  O.BaselineFile = BaselineFile;
  O.DiffFile = DiffFile;
  O.SuppressionsFile = SuppressionsFile;
  O.Stats = Stats;
  O.MaxIndirectTargets = MaxIndirectTargets;
  O.MaxFieldFacts = MaxFieldFacts;
  O.MaxEntryContexts = MaxEntryContexts;
  return O;
}

} // namespace kharden

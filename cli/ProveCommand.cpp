//===- cli/ProveCommand.cpp - `kharden prove` -----------------------------===//
//
// Reads the schemes (default: the built-in schemes of the models asked
// for), hands each to the model of its kind (models/Models.def), proves the
// requested properties and writes the report. Exit status: 0 when every
// property is decided (proved or refuted), 3 when any is undecided (timeout,
// unknown, error), 2 for usage and input errors.
//
//===----------------------------------------------------------------------===//
#include "cli/ProveCommand.h"

#include "models/prove/Model.h"
#include "models/prove/Report.h"
#include "models/scheme/SchemeFile.h"
#include "models/solver/Solver.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>
#include <thread>

using namespace llvm;

namespace kharden {

static cl::SubCommand Prove("prove", "Prove properties of hardening schemes");
static cl::OptionCategory Category("kharden prove options");
cl::SubCommand &proveSubcommand() { return Prove; }

/// `--property`'s help: every model's properties, from the registry.
static std::string propertyHelp() {
  std::string Help = "Comma-separated properties to prove (default: all "
                     "properties of the schemes' models)";
  for (const prove::ModelInfo *M : prove::models()) {
    Help += (M == prove::models().front() ? ": " : "; ") + M->Kind.str() + ": ";
    ListSeparator Comma(", ");
    for (const prove::PropertyInfo &P : M->Properties)
      Help += (StringRef(Comma) + P.Name).str();
  }
  return Help;
}

/// `--scheme`'s help: which built-ins run by default.
static std::string schemeHelp() {
  std::string Help = "A scheme file, or the name of a built-in scheme "
                     "(repeatable; default: the built-in schemes of ";
  ListSeparator Comma(", ");
  for (const prove::ModelInfo *M : prove::models())
    if (M->ByDefault)
      Help += (StringRef(Comma) + M->Kind).str();
  return Help + ", and of every model named by --property)";
}

static cl::list<std::string> SchemesOpt("scheme", cl::value_desc("FILE|NAME"),
                                        cl::sub(Prove), cl::cat(Category));
static cl::list<std::string> PropertiesOpt("property", cl::value_desc("LIST"),
                                           cl::CommaSeparated, cl::sub(Prove),
                                           cl::cat(Category));

cl::OptionCategory &proveCategory() {
  // The models' tables are complete only once static initialization is
  // over; main asks for this category before it parses the command line,
  // which is when --help needs these descriptions.
  static const std::string SchemeHelp = schemeHelp();
  static const std::string PropertyHelp = propertyHelp();
  SchemesOpt.setDescription(SchemeHelp);
  PropertiesOpt.setDescription(PropertyHelp);
  return Category;
}
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
    SmtDirOpt("smt-dir",
              cl::desc("Write every solver query as an SMT-LIB2 file into DIR "
                       "(created if missing)"),
              cl::value_desc("DIR"), cl::sub(Prove), cl::cat(Category));
static cl::opt<unsigned>
    TimeoutMs("timeout-ms",
              cl::desc("Wall-clock limit per solver query, in milliseconds; "
                       "0 means unlimited (a query that hits the limit is "
                       "'timeout', never proved)"),
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

namespace {

Error usage(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// " (did you mean 'x'?)" for the closest of Candidates, or "".
std::string suggestion(StringRef Name, ArrayRef<StringRef> Candidates) {
  unsigned Limit = (Name.size() + 2) / 3, Best = Limit + 1;
  StringRef Meant;
  for (StringRef C : Candidates) {
    unsigned D = Name.edit_distance(C, true, Limit);
    if (D < Best) {
      Best = D;
      Meant = C;
    }
  }
  return Meant.empty() ? "" : ("; did you mean '" + Meant + "'?").str();
}

/// What the schemes and properties were asked as.
struct Asked {
  std::vector<std::string> Schemes;    ///< --scheme
  std::vector<std::string> Properties; ///< --property
};

/// The --property list, each checked against the registry.
Error checkProperties(ArrayRef<std::string> Properties) {
  std::vector<StringRef> Known;
  for (const prove::ModelInfo *M : prove::models())
    for (const prove::PropertyInfo &P : M->Properties)
      Known.push_back(P.Name);
  for (const std::string &Name : Properties)
    if (!prove::modelOfProperty(Name))
      return usage("unknown property '" + Name + "'" + suggestion(Name, Known) +
                   " (see 'kharden prove --help')");
  return Error::success();
}

bool hasAskedProperty(const prove::ModelInfo &M,
                      ArrayRef<std::string> Properties) {
  return any_of(Properties, [&](const std::string &Name) {
    return M.property(Name) != nullptr;
  });
}

/// The scheme files: those given, or the built-ins of the models asked for.
Expected<std::vector<std::string>> schemeFiles(const Asked &A) {
  std::vector<std::string> Files;
  if (A.Schemes.empty()) {
    for (const prove::ModelInfo *M : prove::models()) {
      if (A.Properties.empty() ? !M->ByDefault
                               : !hasAskedProperty(*M, A.Properties))
        continue;
      Expected<std::vector<std::string>> Builtin = builtinSchemeFiles(M->Kind);
      if (!Builtin)
        return Builtin.takeError();
      append_range(Files, *Builtin);
    }
    return Files;
  }
  for (const std::string &Arg : A.Schemes) {
    Expected<std::string> File = resolveSchemeArgument(Arg);
    if (!File)
      return File.takeError();
    Files.push_back(*File);
  }
  return Files;
}

/// The model that reads File, from its `kind:`.
Expected<const prove::ModelInfo *> modelOfFile(StringRef File) {
  Expected<SchemeKindAt> Kind = readSchemeKind(File);
  if (!Kind)
    return Kind.takeError();
  if (const prove::ModelInfo *M = prove::modelOfKind(Kind->Kind))
    return M;
  std::vector<StringRef> Kinds;
  for (const prove::ModelInfo *M : prove::models())
    Kinds.push_back(M->Kind);
  return make_error<InputError>(File.str(),
                                "unknown kind '" + Kind->Kind +
                                    "' (kinds: " + join(Kinds, ", ") + ")" +
                                    suggestion(Kind->Kind, Kinds),
                                Kind->Line, Kind->Column);
}

/// Reads every scheme into the run of its model; the errors of every file.
Error readSchemes(const Asked &A, ProofReport &Report) {
  Expected<std::vector<std::string>> Files = schemeFiles(A);
  if (!Files)
    return Files.takeError();
  Error All = Error::success();
  for (const std::string &File : *Files) {
    Expected<const prove::ModelInfo *> M = modelOfFile(File);
    if (!M) {
      All = joinErrors(std::move(All), M.takeError());
      continue;
    }
    if (!A.Properties.empty() && !hasAskedProperty(**M, A.Properties)) {
      All = joinErrors(
          std::move(All),
          make_error<InputError>(File, "no property asked of its kind " +
                                           (*M)->Kind.str() + " (--property)"));
      continue;
    }
    auto Part = find_if(Report.Parts, [&](const ProofReport::Part &P) {
      return P.Model == *M;
    });
    if (Part == Report.Parts.end()) {
      Report.Parts.push_back({*M, (*M)->Create()});
      Part = std::prev(Report.Parts.end());
    }
    if (Error E = Part->Run->read(File))
      All = joinErrors(std::move(All), std::move(E));
  }
  // Registry order, whatever the order of --scheme.
  llvm::sort(
      Report.Parts, [](const ProofReport::Part &A, const ProofReport::Part &B) {
        return find(prove::models(), A.Model) < find(prove::models(), B.Model);
      });
  return All;
}

/// --smt-dir names a directory, or a path where one can be made.
Error prepareSmtDir(const std::string &SmtDir) {
  if (SmtDir.empty())
    return Error::success();
  if (sys::fs::exists(SmtDir) && !sys::fs::is_directory(SmtDir))
    return make_error<InputError>(SmtDir, "--smt-dir is not a directory");
  if (std::error_code EC = sys::fs::create_directories(SmtDir))
    return make_error<InputError>(SmtDir, "--smt-dir cannot be created: " +
                                              EC.message());
  return Error::success();
}

} // namespace

int runProveCommand() {
  const Asked A{{SchemesOpt.begin(), SchemesOpt.end()},
                {PropertiesOpt.begin(), PropertiesOpt.end()}};
  if (Error E = checkProperties(A.Properties)) {
    reportErrors(std::move(E));
    return ExitUsage;
  }
  ProofReport Report;
  if (Error E = joinErrors(readSchemes(A, Report), prepareSmtDir(SmtDirOpt))) {
    reportErrors(std::move(E));
    return ExitUsage;
  }
  std::error_code EC;
  ToolOutputFile Out(Output, EC, sys::fs::OF_Text);
  if (EC) {
    reportErrors(make_error<InputError>(Output, EC.message()));
    return ExitUsage;
  }

  Report.Z3Version = smt::SmtSession::z3Version();
  auto Start = std::chrono::steady_clock::now();
  for (ProofReport::Part &P : Report.Parts) {
    prove::RunOptions O;
    O.Solver.TimeoutMs = TimeoutMs;
    O.Solver.SmtDir = SmtDirOpt;
    O.Jobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
    for (const std::string &Name : A.Properties)
      if (P.Model->property(Name))
        O.Properties.push_back(Name);
    if (MinBits >= 0)
      O.MinBits = MinBits;
    P.Run->prove(O);
  }
  Report.TotalMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  writeReport(Out.os(), Report, Format);
  Out.keep();
  return countVerdicts(Report.verdicts()).undecided() ? ExitUndecided
                                                      : ExitClean;
}

} // namespace kharden

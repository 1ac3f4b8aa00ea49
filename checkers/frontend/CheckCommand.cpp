#include "checkers/frontend/CheckCommand.h"

#include "checkers/core/Check.h"
#include "checkers/core/Output.h"
#include "checkers/engine/Program.h"
#include "checkers/frontend/Analyzer.h"
#include "checkers/frontend/CompileSetup.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"

#include <set>

using namespace llvm;
using namespace clang::tooling;

namespace kharden {

static cl::SubCommand CheckCmd(
    "check", "Run the per-CPU and preemption checkers on kernel sources");
static cl::OptionCategory Category("kharden check options");

cl::SubCommand &checkSubcommand() { return CheckCmd; }
cl::OptionCategory &checkCategory() { return Category; }

namespace {

enum class Format { Text, Json, Sarif };

cl::list<std::string> Files(cl::Positional, cl::desc("<files...>"),
                            cl::sub(CheckCmd), cl::cat(Category));
cl::opt<std::string>
    BuildDir("p", cl::desc("Build directory with compile_commands.json (the "
                           "kernel writes one with scripts/clang-tools/"
                           "gen_compile_commands.py); without files, check "
                           "every translation unit in it"),
             cl::value_desc("build-dir"), cl::sub(CheckCmd), cl::cat(Category));
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
               clEnumValN(Format::Json, "json", "JSON (docs/output.md)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0")),
    cl::sub(CheckCmd), cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to FILE"),
                                cl::value_desc("file"), cl::sub(CheckCmd),
                                cl::cat(Category));
cl::opt<std::string>
    ChecksOpt("checks",
              cl::desc("Comma-separated checks to run (default: all; see "
                       "--list-checks)"),
              cl::value_desc("list"), cl::sub(CheckCmd), cl::cat(Category));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the checks and their options, and exit"),
                         cl::sub(CheckCmd), cl::cat(Category));
cl::list<std::string> CheckOptions(
    "check-option",
    cl::desc("Set a check's option: <check>.<Option>=<value> (repeatable; "
             "see --list-checks)"),
    cl::value_desc("check.Option=value"), cl::sub(CheckCmd), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::desc("Analyse N translation units at once "
                                     "(default: one per core)"),
                       cl::value_desc("N"), cl::init(0), cl::sub(CheckCmd),
                       cl::cat(Category));
cl::list<std::string> PrimitiveFiles(
    "primitives",
    cl::desc("Extra kernel model file (YAML, docs/kernel-model.md); its "
             "entries take precedence over the built-in ones"),
    cl::value_desc("file"), cl::sub(CheckCmd), cl::cat(Category));
cl::opt<bool> KbuildMarker(
    "kbuild",
    cl::desc("Run as kbuild's checker: make C=1|2 CHECK=\"kharden check "
             "--kbuild\"; everything after it is kbuild's command line"),
    cl::sub(CheckCmd), cl::cat(Category));

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
Error applyCheckOptions(ArrayRef<std::unique_ptr<Check>> Checks) {
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

Expected<std::vector<std::unique_ptr<Check>>> selectChecks() {
  std::vector<std::unique_ptr<Check>> Selected;
  SmallVector<StringRef, 4> Names;
  StringRef(ChecksOpt).split(Names, ',', -1, /*KeepEmpty=*/false);
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
    if (Names.empty() || llvm::is_contained(Names, "*") ||
        llvm::is_contained(Names, C.Name))
      Selected.push_back(C.Create());
  if (Error E = applyCheckOptions(Selected))
    return std::move(E);
  return Selected;
}

/// The compilation database and the files to analyse.
struct Inputs {
  std::unique_ptr<CompilationDatabase> DB;
  std::vector<std::string> Files;
};

std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  return std::string(Abs);
}

Expected<Inputs> collectInputs(const CommandTail &Tail) {
  Inputs In;
  std::vector<std::string> Requested(Files.begin(), Files.end());
  if (Tail.TailKind == CommandTail::Kind::Kbuild) {
    auto Cmd = parseKbuildCommand(Tail.Args);
    if (!Cmd)
      return Cmd.takeError();
    Requested = {Cmd->File};
    In.DB = std::make_unique<FixedCompilationDatabase>(".", Cmd->Flags);
  } else if (!BuildDir.empty()) {
    if (Tail.TailKind == CommandTail::Kind::CompilerFlags)
      return make_error<InputError>("-p", "cannot be combined with '--'");
    auto DB = loadCompilationDatabase(BuildDir);
    if (!DB)
      return DB.takeError();
    In.DB = std::move(*DB);
    if (Requested.empty()) {
      Requested = In.DB->getAllFiles();
      llvm::sort(Requested); // a stable order, whatever the database's
    }
  } else {
    // clang-tidy's convention: flags after `--`, or none.
    In.DB = std::make_unique<FixedCompilationDatabase>(".", Tail.Args);
  }
  if (Requested.empty())
    return make_error<InputError>(
        "kharden check", "no input files (give files, or -p <build-dir>)");
  for (const std::string &F : Requested) {
    if (Error E = validateSourceFile(F))
      return std::move(E);
    std::string Abs = absolute(F);
    if (!BuildDir.empty() && In.DB->getCompileCommands(Abs).empty())
      return make_error<InputError>(F, "not in " + BuildDir +
                                           "/compile_commands.json");
    In.Files.push_back(Abs);
  }
  return In;
}

void writeReport(raw_ostream &OS, ArrayRef<Finding> Findings,
                 const RunInfo &Run, bool Colors) {
  switch (OutputFormat) {
  case Format::Text:
    writeText(OS, Findings, Colors);
    break;
  case Format::Json:
    OS << formatv("{0:2}", findingsToJson(Findings, Run)) << '\n';
    break;
  case Format::Sarif:
    OS << formatv("{0:2}", findingsToSarif(Findings, Run)) << '\n';
    break;
  }
}

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

} // namespace

int runCheckCommand(const CommandTail &Tail) {
  if (ListChecks) {
    for (const CheckInfo &C : allChecks()) {
      outs() << C.Name << "\n    " << C.Summary << '\n';
      for (const auto &[Option, Value] : C.Create()->options())
        outs() << "    option " << C.Name << '.' << Option << " = " << Value
               << '\n';
    }
    return ExitClean;
  }
  auto Checks = selectChecks();
  if (!Checks) {
    reportErrors(Checks.takeError());
    return ExitUsage;
  }
  auto Model = KernelModel::load(builtinModelPath(), PrimitiveFiles);
  if (!Model) {
    reportErrors(Model.takeError());
    return ExitUsage;
  }
  auto In = collectInputs(Tail);
  if (!In) {
    reportErrors(In.takeError());
    return ExitUsage;
  }

  unsigned Parallel = Jobs ? Jobs : llvm::hardware_concurrency().compute_thread_count();
  std::vector<TUResult> Results =
      analyzeFiles(*In->DB, In->Files, **Model, KHARDEN_CLANG_RESOURCE_DIR,
                   Parallel);

  RunInfo Run;
  for (const auto &C : *Checks)
    Run.Checks.push_back(std::string(C->name()));
  Program P(*Model);
  for (TUResult &R : Results) {
    Run.Inputs.push_back(R.File);
    if (R.Errors || !R.Ran) {
      Run.Incomplete.push_back(R.File);
      reportWarning(R.File + ": " +
                    (R.Ran ? "analysed only as far as it parsed: " +
                                 std::to_string(R.Errors) +
                                 " compiler error(s), first: "
                           : std::string("not analysed: ")) +
                    R.FirstError);
    }
    P.add(std::move(R.Summary));
  }
  P.solve();
  std::vector<Finding> Findings = runChecks(P, *Checks);

  std::error_code EC;
  std::unique_ptr<ToolOutputFile> Out;
  if (!OutputFile.empty()) {
    Out = std::make_unique<ToolOutputFile>(OutputFile, EC, sys::fs::OF_Text);
    if (EC) {
      reportErrors(make_error<InputError>(OutputFile, EC.message()));
      return ExitUsage;
    }
  }
  // Under kbuild, diagnostics go to stderr like sparse's.
  raw_ostream &OS = Out ? Out->os()
                        : Tail.TailKind == CommandTail::Kind::Kbuild ? errs()
                                                                      : outs();
  writeReport(OS, Findings, Run,
              !Out && OutputFormat == Format::Text && OS.has_colors());
  if (Out)
    Out->keep();

  // Like sparse, a checker under kbuild must not stop the build for findings.
  if (!Findings.empty())
    return Tail.TailKind == CommandTail::Kind::Kbuild ? ExitClean
                                                      : ExitFindings;
  return Run.Incomplete.empty() ? ExitClean : ExitUsage;
}

} // namespace kharden

#include "cli/CheckCommand.h"

#include "ci/PathGlob.h"
#include "ci/Shard.h"
#include "ci/SummaryStore.h"
#include "ci/ToolIdentity.h"
#include "cli/CommonOptions.h"
#include "frontend/Analyzer.h"
#include "frontend/CompileSetup.h"
#include "frontend/Inputs.h"
#include "frontend/KbuildContext.h"
#include "frontend/Progress.h"
#include "frontend/Results.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"
#include "support/Plural.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"

using namespace llvm;
using namespace clang::tooling;

namespace kharden {

cl::SubCommand &checkSubcommand() {
  static cl::SubCommand Cmd(
      "check", "Run the per-CPU and preemption checkers on kernel sources");
  return Cmd;
}

cl::OptionCategory &checkCategory() {
  static cl::OptionCategory Category("kharden check options");
  return Category;
}

namespace {

#define CHECK_OPTION cl::sub(checkSubcommand()), cl::cat(checkCategory())

enum class ProgressMode { Auto, Always, Never };

cl::list<std::string> FilesOpt(cl::Positional, cl::desc("<files...>"),
                               CHECK_OPTION);
cl::opt<std::string>
    BuildDirOpt("p",
                cl::desc("Build directory with compile_commands.json (the "
                         "kernel writes one with scripts/clang-tools/"
                         "gen_compile_commands.py); without files, check "
                         "every translation unit in it"),
                cl::value_desc("build-dir"), CHECK_OPTION);
cl::list<std::string> IncludeOpt(
    "include",
    cl::desc("Check only the translation units whose path matches GLOB, "
             "relative to the current directory or absolute ('*' also "
             "matches '/'); repeatable"),
    cl::value_desc("glob"), CHECK_OPTION);
cl::list<std::string> ExcludeOpt(
    "exclude",
    cl::desc("Skip the translation units whose path matches GLOB (as "
             "--include); repeatable, wins over --include"),
    cl::value_desc("glob"), CHECK_OPTION);
cl::opt<bool>
    ListChecksOpt("list-checks",
                  cl::desc("List the checks and their options, and exit"),
                  CHECK_OPTION);
cl::opt<unsigned> JobsOpt("j", cl::Prefix,
                          cl::desc("Analyse N translation units at once "
                                   "(default: one per core)"),
                          cl::value_desc("N"), cl::init(0), CHECK_OPTION);
cl::opt<std::string> DbOpt(
    "db",
    cl::desc("Summary database: reuse the results of translation units whose "
             "inputs did not change, store the others (default with -p: "
             "<build-dir>/kharden.db; under --kbuild: "
             "<objtree>/kharden-kbuild.db, shared by make's checkers)"),
    cl::value_desc("file"), CHECK_OPTION);
cl::opt<bool> NoDbOpt("no-db",
                      cl::desc("Use no summary database, even with -p or "
                               "--kbuild"),
                      CHECK_OPTION);
cl::opt<std::string> ShardOpt(
    "shard",
    cl::desc("Analyse only the K-th of N stable shares of the translation "
             "units into the database, without a report; 'kharden merge' "
             "reports on all N databases"),
    cl::value_desc("K/N"), CHECK_OPTION);
cl::opt<ProgressMode> ProgressOpt(
    "progress", cl::desc("Progress line on stderr"),
    cl::init(ProgressMode::Auto),
    cl::values(clEnumValN(ProgressMode::Auto, "auto", "when it is a terminal"),
               clEnumValN(ProgressMode::Always, "always", "always"),
               clEnumValN(ProgressMode::Never, "never", "never")),
    CHECK_OPTION);
cl::opt<std::string> KbuildReportOpt(
    "kbuild-report",
    cl::desc("After make C=1|2 CHECK=\"kharden check --kbuild\": report on "
             "every file kbuild checked into <objtree>/kharden-kbuild.db (or "
             "--db), as one -p run over those files would"),
    cl::value_desc("objtree"), CHECK_OPTION);
cl::opt<bool> CrossFileEffectsOpt(
    "cross-file-effects",
    cl::desc("Analyse again, with the callee's exits, each translation unit "
             "that calls another unit's function returning with something "
             "of its caller's context held or released (a lock taken with "
             "IRQs off, preemption disabled); default true. false: each unit "
             "alone, as shards see a pair they split"),
    cl::init(true), CHECK_OPTION);
cl::opt<bool> KbuildMarker(
    "kbuild",
    cl::desc("Run as kbuild's checker: make C=1|2 CHECK=\"kharden check "
             "--kbuild\"; everything after it is kbuild's command line"),
    CHECK_OPTION);

#undef CHECK_OPTION

/// `kharden check`'s options, as given.
struct CheckOptions {
  std::vector<std::string> Files, Include, Exclude;
  std::string BuildDir, DbFile, Shard, KbuildReport;
  bool ListChecks = false, NoDb = false, CrossFileEffects = true;
  unsigned Jobs = 0;
  ProgressMode Progress = ProgressMode::Auto;
  AnalysisOptions Analysis;
  FindingOptions Findings;
};

CheckOptions checkOptions() {
  CheckOptions O;
  O.Files.assign(FilesOpt.begin(), FilesOpt.end());
  O.Include.assign(IncludeOpt.begin(), IncludeOpt.end());
  O.Exclude.assign(ExcludeOpt.begin(), ExcludeOpt.end());
  O.BuildDir = BuildDirOpt;
  O.DbFile = DbOpt;
  O.Shard = ShardOpt;
  O.KbuildReport = KbuildReportOpt;
  O.ListChecks = ListChecksOpt;
  O.NoDb = NoDbOpt;
  O.CrossFileEffects = CrossFileEffectsOpt;
  O.Jobs = JobsOpt;
  O.Progress = ProgressOpt;
  O.Analysis = analysisOptions();
  O.Findings = findingOptions();
  return O;
}

/// The compilation database and the files the options name, or with
/// --kbuild-report the kbuild set of the summary database.
Expected<Inputs>
collectCheckInputs(const CheckOptions &O, const CommandTail &Tail,
                   std::optional<std::vector<StoredCommand>> KbuildSet = {}) {
  InputRequest Req;
  Req.KbuildSet = std::move(KbuildSet);
  Req.Command = "kharden check";
  Req.Files = O.Files;
  Req.BuildDir = O.BuildDir;
  Req.Include = O.Include;
  Req.Exclude = O.Exclude;
  return collectInputs(Req, Tail);
}

/// The directory of -p's compilation database.
std::string buildDirectory(const CheckOptions &O) {
  SmallString<256> Dir(absolutePath(O.BuildDir));
  if (sys::path::filename(Dir) == "compile_commands.json")
    sys::path::remove_filename(Dir);
  return std::string(Dir);
}

/// Where kbuild's checker processes share their summaries: in the object
/// tree (O=), the directory kbuild runs them in.
constexpr StringLiteral KbuildDatabaseName = "kharden-kbuild.db";

std::string pathIn(StringRef Dir, StringRef Name) {
  SmallString<256> Path(absolutePath(Dir));
  sys::path::append(Path, Name);
  return std::string(Path);
}

/// The summary database to use ("" for none).
Expected<std::string> databasePath(const CheckOptions &O,
                                   const CommandTail &Tail) {
  if (O.NoDb && !O.DbFile.empty())
    return make_error<InputError>("--no-db", "contradicts --db");
  if (O.NoDb && !O.KbuildReport.empty())
    return make_error<InputError>("--no-db",
                                  "contradicts --kbuild-report, which reads "
                                  "the summary database");
  if (O.NoDb)
    return "";
  if (!O.DbFile.empty())
    return O.DbFile;
  if (Tail.TailKind == CommandTail::Kind::Kbuild)
    return pathIn(".", KbuildDatabaseName);
  if (!O.KbuildReport.empty())
    return pathIn(O.KbuildReport, KbuildDatabaseName);
  if (!O.BuildDir.empty())
    return pathIn(buildDirectory(O), "kharden.db");
  return "";
}

/// --kbuild-report takes its files and commands from the database.
Error checkKbuildReportAlone(const CheckOptions &O, const CommandTail &Tail) {
  auto Conflict = [](StringRef What) {
    return make_error<InputError>("--kbuild-report",
                                  "cannot be combined with " + What.str());
  };
  if (!O.BuildDir.empty())
    return Conflict("-p");
  if (!O.Files.empty())
    return Conflict("files (use --include/--exclude)");
  if (Tail.TailKind != CommandTail::Kind::None)
    return Conflict(Tail.TailKind == CommandTail::Kind::Kbuild ? "--kbuild"
                                                               : "'--'");
  if (!O.Shard.empty())
    return Conflict("--shard");
  return Error::success();
}

/// What a run analyses: its share of the selection, each at its position.
std::vector<RunEntry> runEntries(const CheckOptions &O,
                                 ArrayRef<std::string> Selection,
                                 const ShardSpec &Shard) {
  SmallString<256> Base;
  if (!O.BuildDir.empty())
    Base = buildDirectory(O);
  else
    sys::fs::current_path(Base);
  std::vector<RunEntry> Mine;
  for (size_t I = 0; I < Selection.size(); ++I)
    if (Shard.contains(shardKey(Selection[I], Base)))
      Mine.push_back({Selection[I], I});
  return Mine;
}

/// Rounds of analysis again, each of the units whose imports changed
/// (CrossFileEffects.h), until none does; a cycle of wrappers that each
/// export what the next imports takes a round per file it crosses (6.12
/// x86_64 `fs/ net/ block/ ipc/ security/`, with calls through pointers:
/// five rounds).
constexpr unsigned MaxImportRounds = 8;

struct ImportRounds {
  StringSet<> Imported; ///< The functions units analysed again took.
  size_t Analyses = 0;  ///< Units analysed again, over all rounds.
  /// Units analysed again in each round that analysed some.
  SmallVector<size_t, MaxImportRounds> PerRound;
  /// The last round left every unit's imports as it found them (false
  /// after MaxImportRounds: the summaries are those of the last round).
  bool Settled = true;
  bool StoreFailed = false;
};

/// "kharden: stats: [shard K/N: M of] T translation units: A analysed, R
/// reused (DB)[; I again with the exits of F functions in other files
/// (rounds of I1, I2, ...[; not settled])][; S files not C, skipped][;
/// callers from C stored translation units]".
void printStats(const ShardSpec &Shard, size_t Mine, size_t Selected,
                size_t Analysed, const ImportRounds &Imported, StringRef Db,
                size_t NotC, std::optional<size_t> Callers) {
  // One write: under make -j, other checkers print on the same stderr.
  std::string Line;
  raw_string_ostream OS(Line);
  OS << "kharden: stats: ";
  if (!Shard.whole())
    OS << "shard " << Shard.str() << ": " << Mine << " of ";
  OS << formatv("{0}: {1} analysed, {2} reused",
                plural(Selected, "translation unit"), Analysed, Mine - Analysed)
     << (Db.empty() ? std::string(" (no database)") : " (" + Db.str() + ")");
  if (Imported.Analyses)
    OS << formatv(
        "; {0} again with the exits of {1} in other files "
        "(rounds of {2}{3})",
        Imported.Analyses, plural(Imported.Imported.size(), "function"),
        llvm::join(map_range(Imported.PerRound,
                             [](size_t N) { return std::to_string(N); }),
                   ", "),
        Imported.Settled ? "" : "; not settled");
  if (NotC)
    OS << "; " << plural(NotC, "file") << " not C, skipped";
  if (Callers)
    OS << "; callers from " << plural(*Callers, "stored translation unit");
  OS << '\n';
  errs() << Line;
}

/// Only a database the user asked for (--db, --shard) must work: the
/// default one beside the build directory is a cache, and a read-only build
/// tree or another kharden holding it locked is no reason to fail.
bool databaseIsCache(const CheckOptions &O) {
  return O.DbFile.empty() && O.Shard.empty() && O.KbuildReport.empty();
}

/// E, or for a cache a warning and success: the run goes on without it.
Error unlessCache(const CheckOptions &O, Error E) {
  if (!E || !databaseIsCache(O))
    return E;
  reportWarning(toString(std::move(E)) +
                "; running without a summary database");
  return Error::success();
}

/// The summary database at Path, or null to run without one.
Expected<std::unique_ptr<SummaryStore>> openStore(const CheckOptions &O,
                                                  StringRef Path,
                                                  const KernelModel &Model) {
  if (Path.empty())
    return nullptr;
  auto S = SummaryStore::openForCheck(
      Path, {toolBuild(), Model.digest(), KHARDEN_CLANG_RESOURCE_DIR});
  if (S)
    return S;
  if (Error E = unlessCache(O, S.takeError()))
    return E;
  return nullptr;
}

/// How many translation units the run analyses (or decodes) at once.
unsigned jobs(const CheckOptions &O) {
  return O.Jobs ? O.Jobs : llvm::hardware_concurrency().compute_thread_count();
}

/// Takes from Store the results still valid, and returns every unit's
/// command key (to store the others under). A run, unless under kbuild
/// (one process per file), is marked as under way.
Expected<std::vector<ContentHash>>
reuseStored(SummaryStore &Store, const CompilationDatabase &DB,
            MutableArrayRef<TUResult> Results, bool Kbuild, unsigned Jobs) {
  std::vector<std::string> Names;
  std::vector<ContentHash> Commands;
  for (const TUResult &R : Results) {
    Names.push_back(R.File);
    Commands.push_back(commandKey(DB, R.File, KHARDEN_CLANG_RESOURCE_DIR));
  }
  auto Found = Store.lookup(Names, Commands, Jobs);
  if (!Found)
    return Found.takeError();
  for (size_t I = 0; I < Results.size(); ++I)
    if ((*Found)[I])
      Results[I] = std::move(*(*Found)[I]);
  if (!Kbuild)
    if (Error E = Store.beginRun())
      return E;
  return Commands;
}

/// File's command as kbuild ran it, for the database's kbuild set.
StoredCommand storedCommand(const CompilationDatabase &DB, StringRef File) {
  StoredCommand S{File.str(), "", {}};
  std::vector<CompileCommand> Commands = DB.getCompileCommands(File);
  if (!Commands.empty()) {
    S.Directory = absolutePath(Commands.front().Directory);
    S.Arguments = std::move(Commands.front().CommandLine);
  }
  return S;
}

/// Analyses Work (of Results), with the progress line, storing each as it
/// finishes. Returns whether storing failed (the run goes on: the report
/// matters more than the cache).
bool analyzeUnits(const CheckOptions &O, const CompilationDatabase &DB,
                  const KernelModel &Model, MutableArrayRef<TUResult> Results,
                  MutableArrayRef<TUResult *> Work, SummaryStore *Store,
                  ArrayRef<ContentHash> Commands, bool Kbuild,
                  bool RecordCommands) {
  bool Show = !Kbuild && (O.Progress == ProgressMode::Always ||
                          (O.Progress == ProgressMode::Auto &&
                           sys::Process::StandardErrIsDisplayed()));
  ProgressLine Line(errs(), Work.size(), Show,
                    sys::Process::StandardErrColumns());
  bool StoreFailed = false;
  analyzeFiles(DB, Work, Model, KHARDEN_CLANG_RESOURCE_DIR, jobs(O),
               [&](TUResult &R) {
                 std::optional<StoredCommand> Ran;
                 if (RecordCommands)
                   Ran = storedCommand(DB, R.File);
                 if (Store && !StoreFailed)
                   if (Error E = Store->store(R, Commands[&R - &Results[0]],
                                              Ran ? &*Ran : nullptr)) {
                     Line.clear();
                     reportWarning(toString(std::move(E)) +
                                   "; results are no longer stored");
                     StoreFailed = true;
                   }
                 // Only the store needs the files read; every unit's list
                 // held to the end of the run would grow with the tree.
                 R.Reads = {};
                 Line.finished(R.File);
               });
  Line.clear();
  return StoreFailed;
}

ImportRounds
analyzeWithImports(const CheckOptions &O, const CompilationDatabase &DB,
                   const KernelModel &Model, MutableArrayRef<TUResult> Results,
                   SummaryStore *Store, ArrayRef<ContentHash> Commands,
                   bool RecordCommands) {
  ImportRounds Out;
  // Without the option every unit imports nothing: a stored summary made
  // with imports is analysed again alone. A round changes summaries in
  // place, not which units there are.
  std::vector<const TUSummary *> Units;
  for (const TUResult &R : Results)
    if (R.Ran && O.CrossFileEffects)
      Units.push_back(&R.Summary);
  const CallTargets Pointers = pointerTargets(Units);
  for (unsigned Round = 0;; ++Round) {
    CrossFileEffects Effects(Units, Pointers, O.Findings.MaxIndirectTargets);
    std::vector<CrossFileImports> Imports(Results.size());
    std::vector<TUResult *> Work;
    for (size_t I = 0; I < Results.size(); ++I) {
      TUResult &R = Results[I];
      if (!R.Ran)
        continue;
      Imports[I] = Effects.importsOf(R.Summary);
      if (Imports[I].Digest != R.Summary.ImportsDigest)
        Work.push_back(&R);
    }
    if (Work.empty())
      break;
    if (Round == MaxImportRounds) {
      Out.Settled = false;
      break;
    }
    for (TUResult *R : Work) {
      R->Imports = &Imports[R - &Results[0]];
      for (const auto &F : R->Imports->Functions)
        Out.Imported.insert(F.first());
      R->clearAnalysis();
    }
    Out.StoreFailed |= analyzeUnits(O, DB, Model, Results, Work, Store,
                                    Commands, false, RecordCommands);
    for (TUResult *R : Work)
      R->Imports = nullptr;
    Out.Analyses += Work.size();
    Out.PerRound.push_back(Work.size());
  }
  return Out;
}

int fail(Error E) {
  reportErrors(std::move(E));
  return ExitUsage;
}

/// A kbuild process's context: the stored callers of its file's functions
/// (KbuildContext.h). The database is a cache here too: a problem with it
/// leaves the process with its own file, after a warning.
std::vector<TUSummary> kbuildContext(SummaryStore &Store, const TUResult &Own) {
  if (!Own.Ran)
    return {};
  auto Callers = knownCallers(Store, Own);
  if (Callers)
    return std::move(*Callers);
  reportWarning(toString(Callers.takeError()) +
                "; reporting without the stored callers");
  return {};
}

} // namespace

int runCheckCommand(const CommandTail &Tail) {
  const CheckOptions O = checkOptions();
  if (O.ListChecks) {
    for (const CheckInfo &C : allChecks()) {
      outs() << C.Name
             << (C.Selected == CheckInfo::OptIn ? " (opt-in: --checks=" +
                                                      C.Name.str() + ")"
                                                : "")
             << "\n    " << C.Summary << '\n';
      for (const auto &[Option, Value] : C.Create()->options())
        outs() << "    option " << C.Name << '.' << Option << " = " << Value
               << '\n';
    }
    return ExitClean;
  }
  auto Checks = selectChecks(O.Analysis);
  if (!Checks)
    return fail(Checks.takeError());
  auto Model = loadKernelModel(O.Analysis.PrimitiveFiles);
  if (!Model)
    return fail(Model.takeError());
  auto Filter = loadNewFindingFilter(O.Findings);
  if (!Filter)
    return fail(Filter.takeError());
  ShardSpec Shard;
  if (!O.Shard.empty()) {
    auto S = ShardSpec::parse(O.Shard);
    if (!S)
      return fail(S.takeError());
    Shard = *S;
  }
  auto DbPath = databasePath(O, Tail);
  if (!DbPath)
    return fail(DbPath.takeError());
  if (!O.Shard.empty() && DbPath->empty())
    return fail(make_error<InputError>(
        "--shard", "needs a summary database (-p or --db) for kharden merge"));
  bool Kbuild = Tail.TailKind == CommandTail::Kind::Kbuild;
  // Both record each command they analyse in the database's kbuild set.
  bool RecordCommands = Kbuild || !O.KbuildReport.empty();
  Expected<Inputs> In = Inputs{};
  Expected<std::unique_ptr<SummaryStore>> Store = nullptr;
  if (!O.KbuildReport.empty()) {
    // The database is the input: it must exist and hold kbuild's files.
    if (Error E = checkKbuildReportAlone(O, Tail))
      return fail(std::move(E));
    if (!sys::fs::exists(*DbPath))
      return fail(make_error<InputError>(
          *DbPath, "no such file (run make C=1|2 CHECK=\"kharden check "
                   "--kbuild\" first)"));
    Store = openStore(O, *DbPath, **Model);
    if (!Store)
      return fail(Store.takeError());
    auto Set = (*Store)->kbuildCommands();
    if (!Set)
      return fail(Set.takeError());
    if (Set->empty())
      return fail(make_error<InputError>(
          *DbPath, "holds no file checked under --kbuild"));
    In = collectCheckInputs(O, Tail, std::move(*Set));
    if (!In)
      return fail(In.takeError());
  } else {
    In = collectCheckInputs(O, Tail);
    if (!In)
      return fail(In.takeError());
    Store = openStore(O, *DbPath, **Model);
    if (!Store)
      return fail(Store.takeError());
  }

  std::vector<RunEntry> Mine = runEntries(O, In->Files, Shard);
  std::vector<TUResult> Results(Mine.size());
  for (size_t I = 0; I < Mine.size(); ++I)
    Results[I].File = Mine[I].File;

  std::vector<ContentHash> Commands;
  if (*Store) {
    auto Keys = reuseStored(**Store, *In->DB, Results, Kbuild, jobs(O));
    if (Keys)
      Commands = std::move(*Keys);
    else if (Error E = unlessCache(O, Keys.takeError()))
      return fail(std::move(E));
    else
      Store->reset();
  }
  std::vector<TUResult *> Work;
  for (TUResult &R : Results)
    if (!R.Reused)
      Work.push_back(&R);
  size_t Analysed = Work.size();
  bool StoreFailed =
      analyzeUnits(O, *In->DB, **Model, Results, Work, Store->get(), Commands,
                   Kbuild, RecordCommands);
  // Under kbuild each process has one file; its callers come from the
  // database below.
  ImportRounds Imported;
  if (!Kbuild) {
    Imported = analyzeWithImports(O, *In->DB, **Model, Results,
                                  StoreFailed ? nullptr : Store->get(),
                                  Commands, RecordCommands);
    StoreFailed |= Imported.StoreFailed;
  }
  // Under kbuild each process checks one file: the run is the whole make,
  // which --kbuild-report records.
  std::vector<TUSummary> Context;
  if (Kbuild && *Store && Results.size() == 1)
    Context = kbuildContext(**Store, Results.front());
  if (*Store && !StoreFailed && !Kbuild) {
    RunRecord Record{Shard,
                     ContentHash::ofParts(In->Files).hex(),
                     In->Files.size(),
                     toolVersion(),
                     (*Model)->digest(),
                     Mine};
    if (Error E = (*Store)->finishRun(Record)) {
      reportWarning(toString(std::move(E)) + "; the run is not recorded");
      StoreFailed = true;
    }
  }
  if (O.Findings.Stats)
    printStats(Shard, Mine.size(), In->Files.size(), Analysed, Imported,
               *Store ? (*Store)->path() : "", In->NotC,
               Kbuild && *Store ? std::optional<size_t>(Context.size())
                                : std::nullopt);

  // A shard's product is its database; `kharden merge` reports.
  if (!O.Shard.empty()) {
    bool CommandErrors = false;
    for (const TUResult &R : Results) {
      if (R.Errors || !R.Ran)
        warnIncomplete(R);
      CommandErrors |= R.CommandError;
    }
    return StoreFailed || CommandErrors ? ExitUsage : ExitClean;
  }
  return reportResults(std::move(Results), std::move(*Model), *Checks,
                       *Filter, O.Findings,
                       Kbuild ? ReportMode::Kbuild : ReportMode::Normal,
                       std::move(Context));
}

} // namespace kharden

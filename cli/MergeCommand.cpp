#include "cli/MergeCommand.h"

#include "ci/SummaryStore.h"
#include "cli/CommonOptions.h"
#include "frontend/Results.h"
#include "support/ExitCodes.h"
#include "support/InputError.h"
#include "support/Plural.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <deque>
#include <memory>

using namespace llvm;

namespace kharden {

cl::SubCommand &mergeSubcommand() {
  static cl::SubCommand Cmd(
      "merge", "Report on the summary databases of the shards of one run "
               "(kharden check --shard K/N)");
  return Cmd;
}

cl::OptionCategory &mergeCategory() {
  static cl::OptionCategory Category("kharden merge options");
  return Category;
}

namespace {

cl::list<std::string> Databases(cl::Positional, cl::OneOrMore,
                                cl::desc("<shard databases...>"),
                                cl::sub(mergeSubcommand()),
                                cl::cat(mergeCategory()));
cl::opt<unsigned> Jobs("j", cl::Prefix,
                       cl::desc("Decode N stored summaries at once (default: "
                                "one per core)"),
                       cl::value_desc("N"), cl::init(0),
                       cl::sub(mergeSubcommand()), cl::cat(mergeCategory()));

struct ShardDb {
  std::unique_ptr<SummaryStore> Store;
  RunRecord Run;
};

Error notSameRun(const ShardDb &S, const ShardDb &First, StringRef What) {
  return make_error<InputError>(S.Store->path().str(),
                                "not a shard of the same run as " +
                                    First.Store->path().str() + ": " +
                                    What.str());
}

/// Checks that Shards are the N shards of one run, each once.
Error checkComplete(ArrayRef<ShardDb> Shards) {
  const ShardDb &First = Shards.front();
  std::vector<const ShardDb *> ByIndex(First.Run.Shard.Count + 1, nullptr);
  for (const ShardDb &S : Shards) {
    if (S.Run.Selection != First.Run.Selection ||
        S.Run.SelectionSize != First.Run.SelectionSize)
      return notSameRun(S, First, "it selected other translation units");
    if (S.Run.Shard.Count != First.Run.Shard.Count)
      return notSameRun(S, First,
                      "split " + std::to_string(S.Run.Shard.Count) +
                          " ways, not " +
                          std::to_string(First.Run.Shard.Count));
    const ShardDb *&Slot = ByIndex[S.Run.Shard.Index];
    if (Slot)
      return make_error<InputError>(S.Store->path().str(),
                                    "holds shard " + S.Run.Shard.str() +
                                        " again (as does " +
                                        Slot->Store->path().str() + ")");
    Slot = &S;
  }
  for (unsigned K = 1; K < ByIndex.size(); ++K)
    if (!ByIndex[K])
      return make_error<InputError>(
          "kharden merge",
          formatv("shard {0}/{1} is missing", K, First.Run.Shard.Count).str());
  return Error::success();
}

/// A translation unit of the run and the shard database that holds it.
struct Unit {
  const RunEntry *Entry;
  SummaryStore *Store;
};

/// Every shard's translation units in the order of the run's selection: the
/// order a single run combines them in.
Expected<std::vector<Unit>> unitsInOrder(ArrayRef<ShardDb> Shards) {
  std::vector<Unit> All;
  for (const ShardDb &S : Shards)
    for (const RunEntry &E : S.Run.Files)
      All.push_back({&E, S.Store.get()});
  llvm::sort(All, [](const Unit &A, const Unit &B) {
    return A.Entry->Position < B.Entry->Position;
  });
  uint64_t Selected = Shards.front().Run.SelectionSize;
  for (size_t I = 0; I < All.size(); ++I)
    if (All[I].Entry->Position != I || I >= Selected)
      return make_error<InputError>(
          All[I].Store->path().str(),
          "its translation units do not fit the other shards' (" +
              All[I].Entry->File + " at position " +
              std::to_string(All[I].Entry->Position) + ")");
  if (All.size() != Selected)
    return make_error<InputError>(
        "kharden merge", formatv("the shards hold {0} translation units of "
                                 "their run's {1}",
                                 All.size(), Selected)
                             .str());
  return All;
}

/// The units' stored results in order, decoded Jobs at a time a few units
/// ahead of the caller, who takes one at a time: the program keeps one copy
/// of a header's functions, not one per unit that includes it, and only
/// the units in flight are held twice. The databases are read in order, on
/// the caller's thread.
class Loader {
public:
  Loader(ArrayRef<Unit> Units, unsigned Jobs)
      : Units(Units), Pool(hardware_concurrency(Jobs)),
        Window(2 * Pool.getMaxConcurrency()) {}
  ~Loader() {
    Pool.wait();
    for (std::unique_ptr<Pending> &P : Ahead)
      if (P->Result)
        consumeError(P->Result->takeError());
  }

  Expected<std::optional<TUResult>> next() {
    for (; Ahead.size() < Window && Read < Units.size(); ++Read) {
      const Unit &U = Units[Read];
      auto Stored = U.Store->read(U.Entry->File);
      if (!Stored)
        return Stored.takeError();
      Ahead.push_back(std::make_unique<Pending>());
      Pending &P = *Ahead.back();
      P.Done = Pool.async([&P, &U, S = std::move(*Stored)]() mutable {
        P.Result.emplace(U.Store->decodeStored(std::move(S)));
      });
    }
    if (Ahead.empty())
      return std::nullopt;
    std::unique_ptr<Pending> P = std::move(Ahead.front());
    Ahead.pop_front();
    P->Done.wait();
    Expected<TUResult> R = std::move(*P->Result);
    P->Result.reset();
    if (!R)
      return R.takeError();
    return std::optional<TUResult>(std::move(*R));
  }

private:
  struct Pending {
    std::shared_future<void> Done;
    std::optional<Expected<TUResult>> Result;
  };
  ArrayRef<Unit> Units;
  DefaultThreadPool Pool;
  size_t Window, Read = 0;
  std::deque<std::unique_ptr<Pending>> Ahead;
};

int fail(Error E) {
  reportErrors(std::move(E));
  return ExitUsage;
}

} // namespace

int runMergeCommand() {
  const AnalysisOptions Analysis = analysisOptions();
  const FindingOptions Findings = findingOptions();
  auto Checks = selectChecks(Analysis);
  if (!Checks)
    return fail(Checks.takeError());
  auto Model = loadKernelModel(Analysis.PrimitiveFiles);
  if (!Model)
    return fail(Model.takeError());
  auto Filter = loadNewFindingFilter(Findings);
  if (!Filter)
    return fail(Filter.takeError());

  std::vector<ShardDb> Shards;
  for (const std::string &Path : Databases) {
    auto Store = SummaryStore::openForMerge(Path);
    if (!Store)
      return fail(Store.takeError());
    auto Run = (*Store)->lastRun();
    if (!Run)
      return fail(Run.takeError());
    if (Run->ModelDigest != (*Model)->digest())
      return fail(make_error<InputError>(
          Path, "analysed with another kernel model (give merge the "
                "--primitives the shards had)"));
    Shards.push_back({std::move(*Store), std::move(*Run)});
  }
  if (Error E = checkComplete(Shards))
    return fail(std::move(E));
  auto Units = unitsInOrder(Shards);
  if (!Units)
    return fail(Units.takeError());
  // Nearly every stored value flow is one no check follows: the first pass
  // finds the others, so that the second never holds them all.
  FollowedFlows Followed;
  {
    Loader Plan(*Units, Jobs);
    while (true) {
      auto R = Plan.next();
      if (!R)
        return fail(R.takeError());
      if (!*R)
        break;
      for (const FunctionSummary &F : (*R)->Summary.Functions)
        Followed.add(F);
    }
  }
  Followed.solve();
  Loader Load(*Units, Jobs);
  size_t Loaded = 0;
  auto Next = [&]() -> Expected<std::optional<TUResult>> {
    auto R = Load.next();
    if (R && *R)
      ++Loaded;
    else if (R && Findings.Stats)
      errs() << formatv("kharden: stats: merged {0}: {1}\n",
                        plural(Shards.size(), "database"),
                        plural(Loaded, "translation unit"));
    return R;
  };
  return reportResults(Next, std::move(*Model), *Checks, *Filter, Findings,
                       ReportMode::Normal, {}, &Followed);
}

} // namespace kharden

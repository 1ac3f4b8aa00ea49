#include "ci/SummaryStore.h"

#include "ci/SummaryStoreDetail.h"
#include "ci/ToolIdentity.h"
#include "engine/SummaryJson.h"
#include "support/InputError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"

using namespace llvm;

namespace kharden {

using namespace store;

Error SummaryStore::beginRun() {
  std::lock_guard<std::mutex> Guard(Lock);
  return asInputError(Path, setMeta(*Db, "run_state", "running"));
}

Error SummaryStore::collectGarbage() {
  auto Delete = Db->prepare("DELETE FROM tu WHERE config != ?1");
  if (!Delete)
    return Delete.takeError();
  if (Error E = Delete->bindBlob(1, ConfigHash.bytes()).run())
    return E;
  if (Error E = Db->exec("CREATE TEMP TABLE IF NOT EXISTS live(id INTEGER "
                         "PRIMARY KEY); DELETE FROM temp.live"))
    return E;
  auto Reads = Db->prepare("SELECT reads FROM tu");
  auto Insert = Db->prepare("INSERT OR IGNORE INTO temp.live(id) VALUES(?1)");
  if (!Reads)
    return Reads.takeError();
  if (!Insert)
    return Insert.takeError();
  while (true) {
    auto Row = Reads->step();
    if (!Row)
      return Row.takeError();
    if (!*Row)
      break;
    StringRef Ids = Reads->blob(0);
    for (size_t I = 0; I + 8 <= Ids.size(); I += 8) {
      Insert->bind(1, int64_t(support::endian::read64le(Ids.data() + I)));
      if (Error E = Insert->run())
        return E;
      Insert->reset();
    }
  }
  Versions.clear();
  return Db->exec("DELETE FROM file_version WHERE id NOT IN "
                  "(SELECT id FROM temp.live); DELETE FROM temp.live");
}

Error SummaryStore::finishRun(const RunRecord &Run) {
  std::lock_guard<std::mutex> Guard(Lock);
  Error E = inTransaction(*Db, [&]() -> Error {
    if (Error E = Db->exec("DELETE FROM run"))
      return E;
    auto Insert = Db->prepare("INSERT INTO run(file, position) VALUES(?1, ?2)");
    if (!Insert)
      return Insert.takeError();
    for (const RunEntry &F : Run.Files) {
      if (Error E = Insert->bind(1, F.File).bind(2, int64_t(F.Position)).run())
        return E;
      Insert->reset();
    }
    for (auto [Key, Value] :
         {std::pair<StringRef, std::string>{"shard", Run.Shard.str()},
          {"selection", Run.Selection},
          {"selection_size", std::to_string(Run.SelectionSize)},
          {"kharden", Run.Kharden},
          {"model", Run.ModelDigest},
          {"format", std::to_string(SummaryFormatVersion)},
          {"run_state", "complete"}})
      if (Error E = setMeta(*Db, Key, Value))
        return E;
    return collectGarbage();
  });
  if (E)
    return asInputError(Path, std::move(E));
  // Fold the WAL into the database file: the file alone is then complete
  // (a CI artifact of one file), and the WAL stays small.
  consumeError(Db->exec("PRAGMA wal_checkpoint(TRUNCATE)"));
  return Error::success();
}

Expected<RunRecord> SummaryStore::lastRun() {
  RunRecord Run;
  auto Meta = [&](StringRef Key) -> Expected<std::string> {
    return getMeta(*Db, Key);
  };
  auto State = Meta("run_state");
  if (!State)
    return asInputError(Path, State.takeError());
  if (*State != "complete")
    return make_error<InputError>(
        Path, "holds no complete run (was the run that wrote it killed?)");
  std::string Values[6];
  StringRef Keys[] = {"shard",   "selection", "selection_size",
                      "kharden", "model",     "format"};
  for (unsigned I = 0; I < 6; ++I) {
    auto V = Meta(Keys[I]);
    if (!V)
      return asInputError(Path, V.takeError());
    Values[I] = *V;
  }
  if (Values[5] != std::to_string(SummaryFormatVersion) ||
      Values[3] != toolVersion())
    return make_error<InputError>(Path, "written by " + Values[3] +
                                            " (summary format " + Values[5] +
                                            "), not by this " + toolVersion());
  auto Shard = ShardSpec::parse(Values[0], Path);
  if (!Shard)
    return Shard.takeError();
  Run.Shard = *Shard;
  Run.Selection = Values[1];
  if (!to_integer(Values[2], Run.SelectionSize))
    return make_error<InputError>(Path, "damaged: bad selection size");
  Run.Kharden = Values[3];
  Run.ModelDigest = Values[4];
  auto Files = Db->prepare("SELECT file, position FROM run ORDER BY position");
  if (!Files)
    return asInputError(Path, Files.takeError());
  while (true) {
    auto Row = Files->step();
    if (!Row)
      return asInputError(Path, Row.takeError());
    if (!*Row)
      break;
    Run.Files.push_back({Files->text(0).str(), uint64_t(Files->int64(1))});
  }
  return Run;
}

Expected<SummaryStore::StoredSummary> SummaryStore::read(StringRef File) {
  auto Stmt = Db->prepare("SELECT ran, errors, first_error, summary, codec, "
                          "raw_size, summary_hash FROM tu WHERE file = ?1");
  if (!Stmt)
    return asInputError(Path, Stmt.takeError());
  Stmt->bind(1, File);
  auto Row = Stmt->step();
  if (!Row)
    return asInputError(Path, Row.takeError());
  if (!*Row)
    return make_error<InputError>(Path, "has no summary of " + File.str() +
                                            ", which its last run lists");
  return readStored(*Stmt, File);
}

Expected<TUResult> SummaryStore::decodeStored(StoredSummary S) const {
  auto R = decode(std::move(S));
  if (!R)
    return asInputError(Path, R.takeError());
  return R;
}

Expected<TUResult> SummaryStore::load(StringRef File) {
  auto S = read(File);
  if (!S)
    return S.takeError();
  return decodeStored(std::move(*S));
}

} // namespace kharden

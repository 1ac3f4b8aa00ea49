#include "checkers/ci/SummaryStore.h"

#include "checkers/ci/ToolIdentity.h"
#include "checkers/engine/SummaryJson.h"
#include "support/InputError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"

#include <sqlite3.h>

#include <csignal>
#include <ctime>

using namespace llvm;

namespace kharden {
namespace {

/// 'khdb' in the SQLite header: tells kharden's databases from others.
constexpr int64_t ApplicationId = 0x6b686462;
/// Bump when the tables change; an older database is then rebuilt.
constexpr int64_t SchemaVersion = 1;

constexpr StringLiteral Schema = R"sql(
CREATE TABLE IF NOT EXISTS meta(
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS file_version(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  hash BLOB NOT NULL,
  size INTEGER NOT NULL,
  mtime INTEGER NOT NULL,
  hashed_at INTEGER NOT NULL,
  UNIQUE(path, hash)
);
CREATE TABLE IF NOT EXISTS tu(
  file TEXT PRIMARY KEY,
  command BLOB NOT NULL,
  config BLOB NOT NULL,
  ran INTEGER NOT NULL,
  errors INTEGER NOT NULL,
  first_error TEXT NOT NULL,
  reads BLOB NOT NULL,
  summary BLOB NOT NULL,
  codec INTEGER NOT NULL,
  raw_size INTEGER NOT NULL,
  summary_hash BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS run(
  file TEXT PRIMARY KEY,
  position INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

enum Codec : int64_t { PlainJson = 0, ZstdJson = 1 };

/// No stored summary is anywhere near this; a larger raw_size is damage.
constexpr int64_t MaxSummaryBytes = int64_t(1) << 30;

/// A stored value that cannot be what kharden wrote.
class DamageError : public ErrorInfo<DamageError> {
public:
  static char ID;
  explicit DamageError(std::string Why) : Why(std::move(Why)) {}
  void log(raw_ostream &OS) const override { OS << Why; }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }
  std::string Why;
};
char DamageError::ID;

Error damage(const Twine &Why) { return make_error<DamageError>(Why.str()); }

/// Damage found by SQLite or by us, as a reason; other errors pass through.
Expected<std::string> damageReason(Error E) {
  std::string Why;
  Error Rest = handleErrors(
      std::move(E),
      [&](std::unique_ptr<SqliteError> S) -> Error {
        if (!S->damaged())
          return Error(std::move(S));
        Why = S->Code == SQLITE_NOTADB ? "not an SQLite database"
                                         : "damaged: " + S->Message;
        return Error::success();
      },
      [&](const DamageError &D) { Why = "damaged: " + D.Why; });
  if (Rest)
    return std::move(Rest);
  return Why;
}

int64_t now() { return int64_t(std::time(nullptr)); }

Error setMeta(SqliteDb &Db, StringRef Key, StringRef Value) {
  auto Stmt = Db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES(?1, ?2)");
  if (!Stmt)
    return Stmt.takeError();
  return Stmt->bind(1, Key).bind(2, Value).run();
}

Expected<std::string> getMeta(SqliteDb &Db, StringRef Key) {
  auto Stmt = Db.prepare("SELECT value FROM meta WHERE key = ?1");
  if (!Stmt)
    return Stmt.takeError();
  Stmt->bind(1, Key);
  auto Row = Stmt->step();
  if (!Row)
    return Row.takeError();
  return *Row ? Stmt->text(0).str() : std::string();
}

Error initialize(SqliteDb &Db) {
  return inTransaction(Db, [&]() -> Error {
    if (Error E = Db.exec(Schema))
      return E;
    return Db.exec("PRAGMA application_id = " + std::to_string(ApplicationId) +
                   "; PRAGMA user_version = " + std::to_string(SchemaVersion));
  });
}

/// Why Db cannot be trusted as a kharden summary database ("" if it can);
/// an empty database is initialized. Errors are I/O problems, not damage.
Expected<std::string> problemWith(SqliteDb &Db, bool MayInitialize) {
  auto Checked = [&]() -> Expected<std::string> {
    auto AppId = Db.queryInt("PRAGMA application_id");
    if (!AppId)
      return AppId.takeError();
    auto Tables = Db.queryInt("SELECT count(*) FROM sqlite_master");
    if (!Tables)
      return Tables.takeError();
    if (*AppId == 0 && *Tables == 0) {
      if (!MayInitialize)
        return std::string("an empty database, not a kharden summary database");
      if (Error E = initialize(Db))
        return std::move(E);
      return std::string();
    }
    if (*AppId != ApplicationId)
      return formatv("not a kharden summary database (application_id {0:x8})",
                     uint32_t(*AppId))
          .str();
    auto Version = Db.queryInt("PRAGMA user_version");
    if (!Version)
      return Version.takeError();
    if (*Version != SchemaVersion)
      return formatv("a kharden summary database of schema {0}, not {1}",
                     *Version, SchemaVersion)
          .str();
    // Structure only (every page, index and constraint); the content of
    // each summary is checked by its hash when it is read.
    auto Check = Db.queryText("PRAGMA quick_check(1)");
    if (!Check)
      return Check.takeError();
    if (*Check != "ok")
      return "damaged: " + *Check;
    return std::string();
  }();
  if (Checked)
    return Checked;
  return damageReason(Checked.takeError());
}

Error asInputError(StringRef Path, Error E) {
  if (!E)
    return E;
  return make_error<InputError>(Path.str(), toString(std::move(E)));
}

/// Moves a database and its WAL aside so that nothing is lost, and the
/// next open starts from nothing.
void moveAside(StringRef Path) {
  std::string Bad = (Path + ".bad").str();
  sys::fs::remove(Bad + "-wal");
  sys::fs::remove(Path + "-shm");
  if (sys::fs::rename(Path, Bad))
    sys::fs::remove(Path);
  if (sys::fs::exists(Path + "-wal") && sys::fs::rename(Path + "-wal", Bad + "-wal"))
    sys::fs::remove(Path + "-wal");
}

std::string encodeReads(ArrayRef<int64_t> Ids) {
  std::string Out(Ids.size() * 8, '\0');
  for (size_t I = 0; I < Ids.size(); ++I)
    support::endian::write64le(&Out[I * 8], uint64_t(Ids[I]));
  return Out;
}

} // namespace

ContentHash StoreConfig::hash() const {
  return ContentHash::ofParts({ToolBuild, ModelDigest, ResourceDir,
                               std::to_string(SummaryFormatVersion)});
}

Expected<std::unique_ptr<SqliteDb>>
SummaryStore::openValidated(StringRef Path) {
  if (sys::fs::is_directory(Path))
    return make_error<InputError>(Path.str(), "is a directory, not a database");
  auto Db = SqliteDb::open(Path, SqliteDb::Mode::ReadWriteCreate);
  if (!Db)
    return asInputError(Path, Db.takeError());
  auto Problem = problemWith(**Db, /*MayInitialize=*/true);
  if (!Problem)
    return asInputError(Path, Problem.takeError());
  if (!Problem->empty()) {
    reportWarning(Path + ": " + *Problem + "; starting a new one (the old file "
                  "is kept as " + Path + ".bad)");
    Db->reset();
    moveAside(Path);
    Db = SqliteDb::open(Path, SqliteDb::Mode::ReadWriteCreate);
    if (!Db)
      return asInputError(Path, Db.takeError());
    if (Error E = initialize(**Db))
      return asInputError(Path, std::move(E));
  }
  // WAL: a commit per translation unit costs no fsync, and a killed run
  // loses at most the transaction it was in.
  if (Error E = (*Db)->exec("PRAGMA journal_mode = WAL; "
                            "PRAGMA synchronous = NORMAL"))
    return asInputError(Path, std::move(E));
  return Db;
}

Expected<std::unique_ptr<SummaryStore>>
SummaryStore::openForCheck(StringRef Path, StoreConfig Config) {
  auto Db = openValidated(Path);
  if (!Db)
    return Db.takeError();
  std::unique_ptr<SummaryStore> Store(
      new SummaryStore(Path.str(), std::move(*Db), std::move(Config)));
  if (std::optional<std::string> Kill =
          sys::Process::GetEnv("KHARDEN_TEST_KILL_IN_COMMIT"))
    to_integer(*Kill, Store->KillAfterStores);
  return Store;
}

Expected<std::unique_ptr<SummaryStore>>
SummaryStore::openForMerge(StringRef Path) {
  if (!sys::fs::exists(Path))
    return make_error<InputError>(Path.str(), "no such file");
  if (sys::fs::is_directory(Path))
    return make_error<InputError>(Path.str(), "is a directory, not a database");
  auto Db = SqliteDb::open(Path, SqliteDb::Mode::ReadOnly);
  if (!Db)
    return asInputError(Path, Db.takeError());
  auto Problem = problemWith(**Db, /*MayInitialize=*/false);
  if (!Problem)
    return asInputError(Path, Problem.takeError());
  if (!Problem->empty())
    return make_error<InputError>(Path.str(), *Problem);
  return std::unique_ptr<SummaryStore>(
      new SummaryStore(Path.str(), std::move(*Db), StoreConfig()));
}

Error SummaryStore::rebuild(StringRef Why) {
  reportWarning(Path + ": " + Why + "; starting a new one (the old file is "
                "kept as " + Path + ".bad)");
  Db.reset();
  moveAside(Path);
  Disk.clear();
  VersionUnchanged.clear();
  Versions.clear();
  auto Fresh = openValidated(Path);
  if (!Fresh)
    return Fresh.takeError();
  Db = std::move(*Fresh);
  return Error::success();
}

SummaryStore::DiskFile &SummaryStore::disk(StringRef File) {
  auto [It, Inserted] = Disk.try_emplace(File);
  DiskFile &D = It->second;
  if (!Inserted)
    return D;
  sys::fs::file_status St;
  if (!sys::fs::status(File, St) && sys::fs::is_regular_file(St)) {
    D.Exists = true;
    D.Size = St.getSize();
    D.MTime = int64_t(sys::toTimeT(St.getLastModificationTime()));
  }
  return D;
}

Expected<bool> SummaryStore::versionUnchanged(int64_t Id) {
  if (auto It = VersionUnchanged.find(Id); It != VersionUnchanged.end())
    return It->second;
  auto Stmt = Db->prepare("SELECT path, hash, size, mtime, hashed_at "
                          "FROM file_version WHERE id = ?1");
  if (!Stmt)
    return Stmt.takeError();
  Stmt->bind(1, Id);
  auto Row = Stmt->step();
  if (!Row)
    return Row.takeError();
  if (!*Row)
    return damage("a translation unit read a file version the database "
                  "does not have");
  std::string File = Stmt->text(0).str();
  std::optional<ContentHash> Recorded = ContentHash::fromBytes(Stmt->blob(1));
  if (!Recorded)
    return damage("a file hash of the wrong size");
  uint64_t Size = Stmt->int64(2);
  int64_t MTime = Stmt->int64(3), HashedAt = Stmt->int64(4);

  DiskFile &D = disk(File);
  bool Unchanged = false;
  // Size and mtime vouch for the content only if the file had not been
  // written in the second before it was hashed: a later write in that
  // second would leave both unchanged (mtimes have one-second resolution
  // here, two on some file systems).
  bool Settled = MTime < HashedAt - 2;
  if (D.Exists && D.Size == Size && D.MTime == MTime && Settled) {
    Unchanged = true;
  } else if (D.Exists) {
    if (!D.Hash) {
      int64_t Before = now();
      auto Buf = MemoryBuffer::getFile(File, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false);
      if (Buf) {
        D.Hash = ContentHash::of((*Buf)->getBuffer());
        // Same content, new stat (a touch, a checkout): remember the new
        // stat so that the next run need not read the file again.
        if (*D.Hash == *Recorded && D.MTime < Before - 2) {
          auto Update = Db->prepare("UPDATE file_version SET size = ?1, "
                                    "mtime = ?2, hashed_at = ?3 WHERE id = ?4");
          if (!Update)
            return Update.takeError();
          if (Error E = Update->bind(1, int64_t(D.Size))
                            .bind(2, D.MTime)
                            .bind(3, Before)
                            .bind(4, Id)
                            .run())
            return std::move(E);
        }
      }
    }
    Unchanged = D.Hash && *D.Hash == *Recorded;
  }
  VersionUnchanged[Id] = Unchanged;
  return Unchanged;
}

Expected<bool> SummaryStore::readsUnchanged(StringRef Reads) {
  if (Reads.size() % 8)
    return damage("a list of files read of the wrong size");
  for (size_t I = 0; I < Reads.size(); I += 8) {
    auto Unchanged = versionUnchanged(
        int64_t(support::endian::read64le(Reads.data() + I)));
    if (!Unchanged || !*Unchanged)
      return Unchanged;
  }
  return true;
}

Expected<TUResult> SummaryStore::decode(const SqliteStatement &Row,
                                        StringRef File) {
  // Columns: ran, errors, first_error, summary, codec, raw_size,
  // summary_hash (see the queries below).
  TUResult R;
  R.File = File.str();
  R.Ran = Row.int64(0) != 0;
  R.Errors = unsigned(Row.int64(1));
  R.FirstError = Row.text(2).str();
  R.Reused = true;
  StringRef Blob = Row.blob(3);
  int64_t Codec = Row.int64(4), RawSize = Row.int64(5);
  if (ContentHash::of(Blob).bytes() != Row.blob(6))
    return damage("the summary of " + File + " does not match its hash");
  SmallVector<uint8_t, 0> Raw;
  StringRef Json;
  if (Codec == PlainJson) {
    Json = Blob;
  } else if (Codec == ZstdJson && compression::zstd::isAvailable() &&
             RawSize >= 0 && RawSize <= MaxSummaryBytes) {
    if (Error E = compression::zstd::decompress(arrayRefFromStringRef(Blob),
                                                Raw, size_t(RawSize)))
      return damage("the summary of " + File +
                    " does not decompress: " + toString(std::move(E)));
    Json = toStringRef(Raw);
  } else {
    return damage("the summary of " + File + " has an unknown encoding");
  }
  auto Value = json::parse(Json);
  if (!Value)
    return damage("the summary of " + File +
                  " is not JSON: " + toString(Value.takeError()));
  auto Summary = summaryFromJson(*Value);
  if (!Summary)
    return damage("the summary of " + File +
                  " is unreadable: " + toString(Summary.takeError()));
  R.Summary = std::move(*Summary);
  return R;
}

Expected<std::optional<TUResult>>
SummaryStore::lookupOne(StringRef File, const ContentHash &Command) {
  auto Stmt = Db->prepare(
      "SELECT ran, errors, first_error, summary, codec, raw_size, "
      "summary_hash, command, config, reads FROM tu WHERE file = ?1");
  if (!Stmt)
    return Stmt.takeError();
  Stmt->bind(1, File);
  auto Row = Stmt->step();
  if (!Row)
    return Row.takeError();
  if (!*Row)
    return std::nullopt;
  bool Reusable = Stmt->int64(0) != 0 && Stmt->int64(1) == 0;
  if (!Reusable || Stmt->blob(7) != Command.bytes() ||
      Stmt->blob(8) != ConfigHash.bytes())
    return std::nullopt;
  std::string Reads = Stmt->blob(9).str();
  auto Unchanged = readsUnchanged(Reads);
  if (!Unchanged)
    return Unchanged.takeError();
  if (!*Unchanged)
    return std::nullopt;
  auto R = decode(*Stmt, File);
  if (!R)
    return R.takeError();
  return std::optional<TUResult>(std::move(*R));
}

Expected<std::vector<std::optional<TUResult>>>
SummaryStore::lookup(ArrayRef<std::string> Files,
                     ArrayRef<ContentHash> Commands) {
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<std::optional<TUResult>> Found(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    auto R = lookupOne(Files[I], Commands[I]);
    if (R) {
      Found[I] = std::move(*R);
      continue;
    }
    auto Why = damageReason(R.takeError());
    if (!Why)
      return asInputError(Path, Why.takeError());
    if (Error E = rebuild(*Why))
      return std::move(E);
    return std::vector<std::optional<TUResult>>(Files.size());
  }
  return Found;
}

Expected<int64_t> SummaryStore::versionId(const FileRead &Read,
                                          int64_t HashedAt) {
  std::string Key = Read.Path + '\0' + Read.Hash.bytes().str();
  auto Known = Versions.find(Key);
  if (Known != Versions.end() &&
      Known->second.second == std::make_pair(Read.Size, Read.MTime))
    return Known->second.first;
  // The newest observation of a version wins: the same bytes under a new
  // stat (a touch) need not be read again next time.
  auto Stmt = Db->prepare(
      "INSERT INTO file_version(path, hash, size, mtime, hashed_at) "
      "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(path, hash) DO UPDATE SET "
      "size = excluded.size, mtime = excluded.mtime, "
      "hashed_at = excluded.hashed_at RETURNING id");
  if (!Stmt)
    return Stmt.takeError();
  Stmt->bind(1, Read.Path)
      .bindBlob(2, Read.Hash.bytes())
      .bind(3, int64_t(Read.Size))
      .bind(4, Read.MTime)
      .bind(5, HashedAt);
  auto Row = Stmt->step();
  if (!Row)
    return Row.takeError();
  if (!*Row)
    return damage("no id for a file version");
  int64_t Id = Stmt->int64(0);
  if (Error E = Stmt->run())
    return std::move(E);
  Versions[Key] = {Id, {Read.Size, Read.MTime}};
  return Id;
}

Error SummaryStore::store(const TUResult &R, const ContentHash &Command) {
  std::string Json;
  raw_string_ostream(Json) << summaryToJson(R.Summary);
  Codec C = PlainJson;
  SmallVector<uint8_t, 0> Packed;
  if (compression::zstd::isAvailable()) {
    compression::zstd::compress(arrayRefFromStringRef(Json), Packed,
                                compression::zstd::BestSpeedCompression);
    C = ZstdJson;
  }
  StringRef Blob = C == ZstdJson ? toStringRef(Packed) : StringRef(Json);

  std::lock_guard<std::mutex> Guard(Lock);
  Error E = inTransaction(*Db, [&]() -> Error {
    std::vector<int64_t> Ids;
    for (const FileRead &Read : R.Reads) {
      auto Id = versionId(Read, R.ReadAt);
      if (!Id)
        return Id.takeError();
      Ids.push_back(*Id);
    }
    auto Stmt = Db->prepare(
        "INSERT OR REPLACE INTO tu(file, command, config, ran, errors, "
        "first_error, reads, summary, codec, raw_size, summary_hash) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
    if (!Stmt)
      return Stmt.takeError();
    if (Error E = Stmt->bind(1, R.File)
                      .bindBlob(2, Command.bytes())
                      .bindBlob(3, ConfigHash.bytes())
                      .bind(4, int64_t(R.Ran))
                      .bind(5, int64_t(R.Errors))
                      .bind(6, R.FirstError)
                      .bindBlob(7, encodeReads(Ids))
                      .bindBlob(8, Blob)
                      .bind(9, int64_t(C))
                      .bind(10, int64_t(Json.size()))
                      .bindBlob(11, ContentHash::of(Blob).bytes())
                      .run())
      return E;
    // Tests: die like `kill -9` with this transaction written but not
    // committed (docs/ci.md).
    if (KillAfterStores && Stored + 1 == KillAfterStores)
      std::raise(SIGKILL);
    return Error::success();
  });
  if (E) {
    // A failed transaction leaves versions this process cached unwritten.
    Versions.clear();
    return asInputError(Path, std::move(E));
  }
  ++Stored;
  return Error::success();
}

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

Expected<TUResult> SummaryStore::load(StringRef File) {
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
  auto R = decode(*Stmt, File);
  if (!R)
    return asInputError(Path, R.takeError());
  return R;
}

} // namespace kharden

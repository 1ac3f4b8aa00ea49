#include "ci/SummaryStore.h"

#include "ci/SummaryStoreDetail.h"
#include "engine/SummaryJson.h"
#include "support/InputError.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"

#include <map>
#include <sqlite3.h>
#include <variant>

using namespace llvm;

namespace kharden {
namespace store {

char DamageError::ID;

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
    return Rest;
  return Why;
}

Error asInputError(StringRef Path, Error E) {
  if (!E)
    return E;
  return make_error<InputError>(Path.str(), toString(std::move(E)));
}

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

} // namespace store

using namespace store;

namespace {

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
CREATE TABLE IF NOT EXISTS kbuild(
  file TEXT PRIMARY KEY,
  directory TEXT NOT NULL,
  arguments TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS callee(
  key TEXT NOT NULL,
  file TEXT NOT NULL,
  PRIMARY KEY(key, file)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS callee_of_file ON callee(file);
)sql";

Error initialize(SqliteDb &Db) {
  return inTransaction(Db, [&]() -> Error {
    if (Error E = Db.exec(Schema))
      return E;
    return Db.exec("PRAGMA application_id = " + std::to_string(ApplicationId) +
                   "; PRAGMA user_version = " + std::to_string(SchemaVersion));
  });
}

/// Each table and index of a database, as SQLite keeps its definition.
Expected<std::map<std::string, std::string>> definitions(SqliteDb &Db) {
  // Named as in messages: "table 'tu'".
  auto Stmt = Db.prepare("SELECT type || ' ''' || name || '''', sql "
                         "FROM sqlite_master WHERE sql IS NOT NULL");
  if (!Stmt)
    return Stmt.takeError();
  std::map<std::string, std::string> Out;
  while (true) {
    auto Row = Stmt->step();
    if (!Row)
      return Row.takeError();
    if (!*Row)
      return Out;
    Out[Stmt->text(0).str()] = Stmt->text(1).str();
  }
}

/// What is missing or changed in Db's tables ("" if nothing): a table
/// dropped or altered by hand is damage like any other.
Expected<std::string> schemaProblem(SqliteDb &Db) {
  static const std::map<std::string, std::string> Wanted = [] {
    auto Fresh = SqliteDb::open(":memory:", SqliteDb::Mode::ReadWriteCreate);
    if (!Fresh || (*Fresh)->exec(Schema))
      report_fatal_error("kharden: the summary database schema does not build");
    return cantFail(definitions(**Fresh));
  }();
  auto Found = definitions(Db);
  if (!Found)
    return Found.takeError();
  for (const auto &[Name, Sql] : Wanted) {
    auto It = Found->find(Name);
    if (It == Found->end())
      return "damaged: " + Name + " is missing";
    if (It->second != Sql)
      return "damaged: " + Name + " is not as kharden defines it";
  }
  return std::string();
}

enum class Verdict { Empty, Sound };

/// Inspects Db in one read transaction, so that another kharden creating
/// or writing it at the same time is seen before or after, never halfway.
Expected<std::variant<Verdict, std::string>> inspect(SqliteDb &Db) {
  if (Error E = Db.exec("BEGIN"))
    return E;
  auto Checked = [&]() -> Expected<std::variant<Verdict, std::string>> {
    auto AppId = Db.queryInt("PRAGMA application_id");
    if (!AppId)
      return AppId.takeError();
    auto Tables = Db.queryInt("SELECT count(*) FROM sqlite_master");
    if (!Tables)
      return Tables.takeError();
    if (*AppId == 0 && *Tables == 0)
      return Verdict::Empty;
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
    auto Schema = schemaProblem(Db);
    if (!Schema || !Schema->empty())
      return Schema;
    // Structure only (every page, index and constraint); the content of
    // each summary is checked by its hash when it is read.
    auto Check = Db.queryText("PRAGMA quick_check(1)");
    if (!Check)
      return Check.takeError();
    if (*Check != "ok")
      return "damaged: " + *Check;
    return Verdict::Sound;
  }();
  consumeError(Db.exec("COMMIT"));
  return Checked;
}

/// Why Db cannot be trusted as a kharden summary database ("" if it can);
/// an empty database is initialized. Errors are I/O problems, not damage.
Expected<std::string> problemWith(SqliteDb &Db, bool MayInitialize) {
  auto Checked = inspect(Db);
  if (!Checked)
    return damageReason(Checked.takeError());
  if (auto *Problem = std::get_if<std::string>(&*Checked))
    return *Problem;
  if (std::get<Verdict>(*Checked) == Verdict::Sound)
    return std::string();
  if (!MayInitialize)
    return std::string("an empty database, not a kharden summary database");
  // Another kharden may initialize it at the same time: both create the
  // same tables if they do not exist, one after the other.
  if (Error E = initialize(Db))
    return damageReason(std::move(E));
  return std::string();
}

/// The first of Path.bad, Path.bad.1, ... that does not exist: an earlier
/// damaged database is never overwritten.
std::string unusedBadName(StringRef Path) {
  std::string Bad = (Path + ".bad").str();
  for (unsigned N = 1; sys::fs::exists(Bad) || sys::fs::exists(Bad + "-wal");
       ++N)
    Bad = (Path + ".bad." + Twine(N)).str();
  return Bad;
}

/// Moves a damaged database and its WAL aside (unusedBadName()), so that
/// nothing is lost and the next open starts from nothing. Returns where it
/// went, or "" if it is gone: removed, or already moved by another kharden
/// (Path is no longer the file found Damaged).
std::string moveAside(StringRef Path, const sys::fs::UniqueID &Damaged) {
  sys::fs::UniqueID Now;
  if (sys::fs::getUniqueID(Path, Now) || Now != Damaged)
    return ""; // another kharden moved it aside first
  std::string Bad = unusedBadName(Path);
  sys::fs::remove(Path + "-shm");
  if (sys::fs::rename(Path, Bad)) {
    sys::fs::remove(Path);
    return "";
  }
  if (sys::fs::exists(Path + "-wal") &&
      sys::fs::rename(Path + "-wal", Bad + "-wal"))
    sys::fs::remove(Path + "-wal");
  return Bad;
}

void warnStartingAnew(StringRef Path, StringRef Why, StringRef Kept) {
  reportWarning(Path + ": " + Why + "; starting a new one" +
                (Kept.empty() ? "" : " (the old file is kept as " + Kept + ")"));
}

} // namespace

ContentHash StoreConfig::hash() const {
  return ContentHash::ofParts({ToolBuild, ModelDigest, ResourceDir,
                               std::to_string(SummaryFormatVersion)});
}

Expected<std::unique_ptr<SqliteDb>>
SummaryStore::openValidated(StringRef Path, sys::fs::UniqueID &Id) {
  if (sys::fs::is_directory(Path))
    return make_error<InputError>(Path.str(), "is a directory, not a database");
  auto Db = SqliteDb::open(Path, SqliteDb::Mode::ReadWriteCreate);
  if (!Db)
    return asInputError(Path, Db.takeError());
  if (std::error_code EC = sys::fs::getUniqueID(Path, Id))
    return make_error<InputError>(Path.str(), EC.message());
  auto Problem = problemWith(**Db, /*MayInitialize=*/true);
  if (!Problem)
    return asInputError(Path, Problem.takeError());
  if (!Problem->empty()) {
    Db->reset();
    warnStartingAnew(Path, *Problem, moveAside(Path, Id));
    Db = SqliteDb::open(Path, SqliteDb::Mode::ReadWriteCreate);
    if (!Db)
      return asInputError(Path, Db.takeError());
    if (std::error_code EC = sys::fs::getUniqueID(Path, Id))
      return make_error<InputError>(Path.str(), EC.message());
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
  sys::fs::UniqueID Id;
  auto Db = openValidated(Path, Id);
  if (!Db)
    return Db.takeError();
  std::unique_ptr<SummaryStore> Store(
      new SummaryStore(Path.str(), std::move(*Db), std::move(Config)));
  Store->FileId = Id;
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
  // A shard is an input: read it without a lock or a -shm file, unless a
  // WAL beside it holds what a run (killed, or still going) wrote.
  uint64_t WalSize = 0;
  bool Settled = sys::fs::file_size(Path + "-wal", WalSize) || WalSize == 0;
  auto Db = SqliteDb::open(Path, Settled ? SqliteDb::Mode::Immutable
                                         : SqliteDb::Mode::ReadOnly);
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
  Db.reset();
  warnStartingAnew(Path, Why, moveAside(Path, FileId));
  Disk.clear();
  VersionUnchanged.clear();
  Versions.clear();
  auto Fresh = openValidated(Path, FileId);
  if (!Fresh)
    return Fresh.takeError();
  Db = std::move(*Fresh);
  return Error::success();
}

} // namespace kharden

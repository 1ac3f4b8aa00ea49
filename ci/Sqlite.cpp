#include "ci/Sqlite.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"

#include <sqlite3.h>

using namespace llvm;

namespace kharden {

char SqliteError::ID;

bool SqliteError::damaged() const {
  return Code == SQLITE_CORRUPT || Code == SQLITE_NOTADB;
}

static Error sqliteError(sqlite3 *Db, int Code) {
  return make_error<SqliteError>(
      Code & 0xFF, Db ? sqlite3_errmsg(Db) : sqlite3_errstr(Code));
}

Error SqliteDb::errorFor(int Code) const { return sqliteError(Db, Code); }

/// Path as an SQLite URI (https://sqlite.org/uri.html): '%', '?' and '#'
/// escaped.
static std::string fileUri(StringRef Path, StringRef Query) {
  std::string Uri = "file:";
  for (char C : Path)
    if (C == '%' || C == '?' || C == '#')
      Uri += formatv("%{0:x2}", unsigned(uint8_t(C))).str();
    else
      Uri += C;
  return Uri + "?" + Query.str();
}

/// How long a connection waits for another's write lock (make -j with
/// --kbuild --db); KHARDEN_TEST_BUSY_TIMEOUT_MS shortens it for tests.
static int busyTimeoutMs() {
  int Ms = 60'000;
  if (std::optional<std::string> Test =
          sys::Process::GetEnv("KHARDEN_TEST_BUSY_TIMEOUT_MS"))
    to_integer(*Test, Ms);
  return Ms;
}

Expected<std::unique_ptr<SqliteDb>> SqliteDb::open(StringRef Path, Mode M) {
  sqlite3 *Db = nullptr;
  int Flags = M == Mode::ReadWriteCreate
                  ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                  : SQLITE_OPEN_READONLY;
  // One connection per thread of use; callers serialize their own access.
  Flags |= SQLITE_OPEN_NOMUTEX;
  std::string Name = Path.str();
  if (M == Mode::Immutable) {
    Flags |= SQLITE_OPEN_URI;
    Name = fileUri(Path, "immutable=1");
  }
  int Code = sqlite3_open_v2(Name.c_str(), &Db, Flags, nullptr);
  if (Code != SQLITE_OK) {
    Error E = sqliteError(Db, Code);
    sqlite3_close(Db);
    return E;
  }
  sqlite3_extended_result_codes(Db, 0);
  sqlite3_busy_timeout(Db, busyTimeoutMs());
  return std::unique_ptr<SqliteDb>(new SqliteDb(Db));
}

SqliteDb::~SqliteDb() { sqlite3_close(Db); }

Error SqliteDb::exec(StringRef Sql) {
  int Code = sqlite3_exec(Db, Sql.str().c_str(), nullptr, nullptr, nullptr);
  return Code == SQLITE_OK ? Error::success() : sqliteError(Db, Code);
}

Expected<SqliteStatement> SqliteDb::prepare(StringRef Sql) {
  sqlite3_stmt *Stmt = nullptr;
  int Code = sqlite3_prepare_v2(Db, Sql.data(), int(Sql.size()), &Stmt,
                                nullptr);
  if (Code != SQLITE_OK)
    return sqliteError(Db, Code);
  return SqliteStatement(Db, Stmt);
}

Expected<int64_t> SqliteDb::queryInt(StringRef Sql) {
  auto Stmt = prepare(Sql);
  if (!Stmt)
    return Stmt.takeError();
  auto Row = Stmt->step();
  if (!Row)
    return Row.takeError();
  return *Row ? Stmt->int64(0) : 0;
}

Expected<std::string> SqliteDb::queryText(StringRef Sql) {
  auto Stmt = prepare(Sql);
  if (!Stmt)
    return Stmt.takeError();
  auto Row = Stmt->step();
  if (!Row)
    return Row.takeError();
  return *Row ? Stmt->text(0).str() : std::string();
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(Stmt); }

SqliteStatement &SqliteStatement::bind(int Index, int64_t Value) {
  sqlite3_bind_int64(Stmt, Index, Value);
  return *this;
}

SqliteStatement &SqliteStatement::bind(int Index, StringRef Text) {
  sqlite3_bind_text64(Stmt, Index, Text.data(), Text.size(), SQLITE_TRANSIENT,
                      SQLITE_UTF8);
  return *this;
}

SqliteStatement &SqliteStatement::bindBlob(int Index, StringRef Bytes) {
  // A zero-length blob, not NULL, for an empty value.
  sqlite3_bind_blob64(Stmt, Index, Bytes.empty() ? "" : Bytes.data(),
                      Bytes.size(), SQLITE_TRANSIENT);
  return *this;
}

Expected<bool> SqliteStatement::step() {
  int Code = sqlite3_step(Stmt);
  if (Code == SQLITE_ROW)
    return true;
  if (Code == SQLITE_DONE)
    return false;
  return sqliteError(Db, Code);
}

Error SqliteStatement::run() {
  while (true) {
    auto Row = step();
    if (!Row)
      return Row.takeError();
    if (!*Row)
      return Error::success();
  }
}

void SqliteStatement::reset() {
  sqlite3_reset(Stmt);
  sqlite3_clear_bindings(Stmt);
}

int64_t SqliteStatement::int64(int Column) const {
  return sqlite3_column_int64(Stmt, Column);
}

StringRef SqliteStatement::text(int Column) const {
  const unsigned char *T = sqlite3_column_text(Stmt, Column);
  return T ? StringRef(reinterpret_cast<const char *>(T),
                       sqlite3_column_bytes(Stmt, Column))
           : StringRef();
}

StringRef SqliteStatement::blob(int Column) const {
  const void *B = sqlite3_column_blob(Stmt, Column);
  return B ? StringRef(static_cast<const char *>(B),
                       sqlite3_column_bytes(Stmt, Column))
           : StringRef();
}

Error inTransaction(SqliteDb &Db, function_ref<Error()> Body) {
  // IMMEDIATE: take the write lock now, so a concurrent writer waits on the
  // busy timeout instead of failing midway.
  if (Error E = Db.exec("BEGIN IMMEDIATE"))
    return E;
  if (Error E = Body()) {
    consumeError(Db.exec("ROLLBACK"));
    return E;
  }
  if (Error E = Db.exec("COMMIT")) {
    consumeError(Db.exec("ROLLBACK"));
    return E;
  }
  return Error::success();
}

} // namespace kharden

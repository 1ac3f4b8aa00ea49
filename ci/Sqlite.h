//===- ci/Sqlite.h - a thin RAII layer over SQLite ----         -*- C++ -*-===//
//
// Just what the summary database needs: open, run statements, bind and read
// columns, with SQLite's errors as llvm::Error (SqliteError keeps the result
// code, so that a damaged file can be told from a busy one).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_SQLITE_H
#define KHARDEN_CI_SQLITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>

struct sqlite3;
struct sqlite3_stmt;

namespace kharden {

class SqliteError : public llvm::ErrorInfo<SqliteError> {
public:
  static char ID;
  SqliteError(int Code, std::string Message)
      : Code(Code), Message(std::move(Message)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  /// The file is not a database, or its structure is broken.
  bool damaged() const;

  int Code; ///< The primary SQLite result code.
  std::string Message;
};

class SqliteStatement {
public:
  SqliteStatement(SqliteStatement &&O) : Db(O.Db), Stmt(O.Stmt) {
    O.Stmt = nullptr;
  }
  ~SqliteStatement();

  /// Parameters count from 1, as in SQL's ?1.
  SqliteStatement &bind(int Index, int64_t Value);
  SqliteStatement &bind(int Index, llvm::StringRef Text);
  SqliteStatement &bindBlob(int Index, llvm::StringRef Bytes);

  /// True while there is a row to read, false once done.
  llvm::Expected<bool> step();
  /// Steps to completion (statements without result rows).
  llvm::Error run();
  /// Ready to bind and step again.
  void reset();

  int64_t int64(int Column) const;
  /// Valid until the next step() or reset().
  llvm::StringRef text(int Column) const;
  llvm::StringRef blob(int Column) const;

private:
  friend class SqliteDb;
  SqliteStatement(sqlite3 *Db, sqlite3_stmt *Stmt) : Db(Db), Stmt(Stmt) {}
  sqlite3 *Db;
  sqlite3_stmt *Stmt;
};

class SqliteDb {
public:
  enum class Mode {
    ReadOnly,
    /// Read-only, and no one writes the file while it is open: SQLite then
    /// takes no lock and creates no -shm or -wal file beside it, so that
    /// it reads in a read-only directory and leaves nothing behind.
    Immutable,
    ReadWriteCreate,
  };
  static llvm::Expected<std::unique_ptr<SqliteDb>> open(llvm::StringRef Path,
                                                        Mode M);
  ~SqliteDb();

  /// Runs one or more statements that return no rows.
  llvm::Error exec(llvm::StringRef Sql);
  llvm::Expected<SqliteStatement> prepare(llvm::StringRef Sql);
  /// The first column of the first row of a one-value query.
  llvm::Expected<int64_t> queryInt(llvm::StringRef Sql);
  llvm::Expected<std::string> queryText(llvm::StringRef Sql);

  llvm::Error errorFor(int Code) const;

private:
  explicit SqliteDb(sqlite3 *Db) : Db(Db) {}
  sqlite3 *Db;
};

/// Runs a transaction: commits if Body succeeds, rolls back otherwise.
llvm::Error inTransaction(SqliteDb &Db,
                          llvm::function_ref<llvm::Error()> Body);

} // namespace kharden

#endif

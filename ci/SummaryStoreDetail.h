//===- ci/SummaryStoreDetail.h - shared by SummaryStore*.cpp --------------===//
//
// Internal to the summary database's implementation, which is split by
// concern: opening and validating (SummaryStoreOpen.cpp), reusing and storing
// results (SummaryStore.cpp), and recording runs (SummaryStoreRuns.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_SUMMARYSTOREDETAIL_H
#define KHARDEN_CI_SUMMARYSTOREDETAIL_H

#include "ci/Sqlite.h"

#include "llvm/Support/Error.h"

#include <ctime>

namespace kharden::store {

/// 'khdb' in the SQLite header: tells kharden's databases from others.
constexpr int64_t ApplicationId = 0x6b686462;
/// Bump when the tables change; an older database is then rebuilt.
constexpr int64_t SchemaVersion = 2;

/// How a summary's summaryToPieces() text is stored.
enum Codec : int64_t { PlainJson = 0, ZstdJson = 1 };

/// No stored summary is anywhere near this; a larger raw_size is damage.
constexpr int64_t MaxSummaryBytes = int64_t(1) << 30;

/// A stored value that cannot be what kharden wrote.
class DamageError : public llvm::ErrorInfo<DamageError> {
public:
  static char ID;
  explicit DamageError(std::string Why) : Why(std::move(Why)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Why; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  std::string Why;
};

inline llvm::Error damage(const llvm::Twine &Why) {
  return llvm::make_error<DamageError>(Why.str());
}

/// Damage found by SQLite or by us, as a reason; other errors pass through.
llvm::Expected<std::string> damageReason(llvm::Error E);

/// E (if any) as an InputError naming the database.
llvm::Error asInputError(llvm::StringRef Path, llvm::Error E);

llvm::Error setMeta(SqliteDb &Db, llvm::StringRef Key, llvm::StringRef Value);
llvm::Expected<std::string> getMeta(SqliteDb &Db, llvm::StringRef Key);

inline int64_t now() { return int64_t(std::time(nullptr)); }

} // namespace kharden::store

#endif

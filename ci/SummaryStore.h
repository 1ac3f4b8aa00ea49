//===- ci/SummaryStore.h - summaries that outlive a run         -*- C++ -*-===//
//
// The SQLite database of `kharden check --db FILE` (default:
// <build-dir>/kharden.db): per translation unit, its summary and everything
// its validity depends on (the compile command; the kharden build, kernel
// model and summary format; the content of every file the compiler read).
// A run reuses the summaries that are still valid and stores the others as
// each translation unit finishes, one transaction each, so that a run
// killed halfway leaves a usable database. The database also records its
// last complete run (which translation units, which shard), which is what
// `kharden merge` combines. docs/ci.md describes the schema.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_SUMMARYSTORE_H
#define KHARDEN_CI_SUMMARYSTORE_H

#include "ci/Shard.h"
#include "ci/Sqlite.h"
#include "ci/TUResult.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <mutex>
#include <optional>

namespace kharden {

/// What every stored summary of a run shares.
struct StoreConfig {
  std::string ToolBuild;   ///< toolBuild(): reuse needs the same binary.
  std::string ModelDigest; ///< KernelModel::digest().
  std::string ResourceDir; ///< Clang's builtin headers.

  ContentHash hash() const;
};

/// A translation unit of a run, at its place in the whole selection (the
/// order results are combined in, which decides the report's order).
struct RunEntry {
  std::string File;
  uint64_t Position = 0;
};

/// A compile command as a kbuild checker process ran it (`make C=1|2
/// CHECK="kharden check --kbuild"`): the file, the directory kbuild ran it
/// in, the command line. `kharden check --kbuild-report` analyses it again
/// if its stored result is no longer valid.
struct StoredCommand {
  std::string File, Directory;
  std::vector<std::string> Arguments;
};

/// The last complete run a database saw.
struct RunRecord {
  ShardSpec Shard;
  std::string Selection;      ///< Hash of the whole (unsharded) selection.
  uint64_t SelectionSize = 0; ///< Its number of translation units.
  std::string Kharden;        ///< toolVersion() of the run.
  std::string ModelDigest;
  std::vector<RunEntry> Files; ///< This shard's, by position.
};

class SummaryStore {
public:
  /// Opens Path for `kharden check`, creating it if missing. A file that is
  /// not a kharden summary database or is damaged (a table or column
  /// missing included) is reported in one warning line, kept as Path.bad
  /// (or Path.bad.1, ...: an earlier one is never overwritten), and
  /// replaced by an empty database; so is one whose stored summaries turn
  /// out unreadable.
  static llvm::Expected<std::unique_ptr<SummaryStore>>
  openForCheck(llvm::StringRef Path, StoreConfig Config);

  /// Opens Path read-only for `kharden merge` (immutable: no lock, no -shm
  /// or -wal left beside it); any problem is an error.
  static llvm::Expected<std::unique_ptr<SummaryStore>>
  openForMerge(llvm::StringRef Path);

  llvm::StringRef path() const { return Path; }

  /// For each file with its command hash, the stored result if it is still
  /// valid (same command and configuration, reusable, every file it read
  /// unchanged), else nullopt, decoding Jobs summaries at once. Rebuilds the
  /// database (with a warning) if a stored summary is unreadable, and then
  /// reports nothing as valid.
  llvm::Expected<std::vector<std::optional<TUResult>>>
  lookup(llvm::ArrayRef<std::string> Files,
         llvm::ArrayRef<ContentHash> Commands, unsigned Jobs = 1);

  /// Stores one result in its own transaction. Thread-safe. With Kbuild,
  /// the same transaction records R's file in the database's kbuild set,
  /// with its command and the functions its summary calls or registers but
  /// does not define (kbuildCallers()).
  llvm::Error store(const TUResult &R, const ContentHash &Command,
                    const StoredCommand *Kbuild = nullptr);

  /// Every file kbuild checked into the database, with its command, by path.
  llvm::Expected<std::vector<StoredCommand>> kbuildCommands();
  /// The files of the kbuild set that call or register one of Keys (function
  /// keys) without defining it.
  llvm::Expected<std::vector<std::string>>
  kbuildCallers(llvm::ArrayRef<std::string> Keys);
  /// File's stored result if it is still valid (this configuration, every
  /// file it read unchanged), whatever command it was analysed with.
  llvm::Expected<std::optional<TUResult>> loadCurrent(llvm::StringRef File);

  /// Marks a run as under way: until finishRun(), merge refuses the file.
  llvm::Error beginRun();
  /// Records the run (one transaction) and drops what no longer serves:
  /// results of another configuration, file versions nothing refers to.
  llvm::Error finishRun(const RunRecord &Run);

  /// The last complete run (merge).
  llvm::Expected<RunRecord> lastRun();
  /// A stored result as the database holds it, its summary not decoded.
  struct StoredSummary {
    TUResult Head; ///< Everything but the summary.
    std::string Blob, Hash;
    int64_t Codec = 0, RawSize = 0;
  };
  /// The stored result of File, whatever its validity (merge), not decoded.
  llvm::Expected<StoredSummary> read(llvm::StringRef File);
  /// S decoded; an error names the database. Needs no database: runs on any
  /// thread.
  llvm::Expected<TUResult> decodeStored(StoredSummary S) const;
  /// read() and decodeStored().
  llvm::Expected<TUResult> load(llvm::StringRef File);

  /// Results stored by this process (for --stats and tests).
  unsigned storedCount() const { return Stored; }

private:
  SummaryStore(std::string Path, std::unique_ptr<SqliteDb> Db,
               StoreConfig Config)
      : Path(std::move(Path)), Db(std::move(Db)), Config(std::move(Config)),
        ConfigHash(this->Config.hash()) {}

  static llvm::Expected<std::unique_ptr<SqliteDb>>
  openValidated(llvm::StringRef Path, llvm::sys::fs::UniqueID &Id);
  llvm::Error rebuild(llvm::StringRef Why);
  /// File's valid stored result; with Command, only if analysed with it.
  llvm::Expected<std::optional<StoredSummary>>
  findValid(llvm::StringRef File, const ContentHash *Command);
  llvm::Error recordKbuild(const TUResult &R, const StoredCommand &Kbuild);
  llvm::Expected<bool> readsUnchanged(llvm::StringRef Reads);
  llvm::Expected<bool> versionUnchanged(int64_t Id);
  static StoredSummary readStored(const SqliteStatement &Row,
                                  llvm::StringRef File);
  /// Needs no database: runs on any thread.
  static llvm::Expected<TUResult> decode(StoredSummary S);
  llvm::Expected<int64_t> versionId(const FileRead &Read, int64_t Now);
  llvm::Error collectGarbage();

  /// What is on disk now, per path, asked once per run.
  struct DiskFile {
    bool Exists = false;
    uint64_t Size = 0;
    int64_t MTime = 0;
    std::optional<ContentHash> Hash; ///< Computed when first needed.
  };
  DiskFile &disk(llvm::StringRef Path);

  std::string Path;
  llvm::sys::fs::UniqueID FileId; ///< The file Db opened (see rebuild()).
  std::unique_ptr<SqliteDb> Db;
  StoreConfig Config;
  ContentHash ConfigHash;
  std::mutex Lock;
  unsigned Stored = 0;
  llvm::StringMap<DiskFile> Disk;
  llvm::DenseMap<int64_t, bool> VersionUnchanged;
  /// (path, hash) -> id of versions this process wrote, with their stat.
  llvm::StringMap<std::pair<int64_t, std::pair<uint64_t, int64_t>>> Versions;
  unsigned KillAfterStores = 0; ///< KHARDEN_TEST_KILL_IN_COMMIT (tests).
};

} // namespace kharden

#endif

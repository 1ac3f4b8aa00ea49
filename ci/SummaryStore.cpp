#include "ci/SummaryStore.h"

#include "ci/SummaryStoreDetail.h"
#include "engine/SummaryJson.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"

#include <csignal>

using namespace llvm;

namespace kharden {

using namespace store;

namespace {

std::string encodeReads(ArrayRef<int64_t> Ids) {
  std::string Out(Ids.size() * 8, '\0');
  for (size_t I = 0; I < Ids.size(); ++I)
    support::endian::write64le(&Out[I * 8], uint64_t(Ids[I]));
  return Out;
}

} // namespace

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
            return E;
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

SummaryStore::StoredSummary SummaryStore::readStored(const SqliteStatement &Row,
                                                     StringRef File) {
  // Columns: ran, errors, first_error, summary, codec, raw_size,
  // summary_hash (see the queries below).
  StoredSummary S;
  S.Head.File = File.str();
  S.Head.Ran = Row.int64(0) != 0;
  S.Head.Errors = unsigned(Row.int64(1));
  S.Head.FirstError = Row.text(2).str();
  S.Head.Reused = true;
  S.Blob = Row.blob(3).str();
  S.Codec = Row.int64(4);
  S.RawSize = Row.int64(5);
  S.Hash = Row.blob(6).str();
  return S;
}

Expected<TUResult> SummaryStore::decode(StoredSummary S) {
  const std::string &File = S.Head.File;
  if (ContentHash::of(S.Blob).bytes() != S.Hash)
    return damage("the summary of " + File + " does not match its hash");
  SmallVector<uint8_t, 0> Raw;
  StringRef Json;
  if (S.Codec == PlainJson) {
    Json = S.Blob;
  } else if (S.Codec == ZstdJson && compression::zstd::isAvailable() &&
             S.RawSize >= 0 && S.RawSize <= MaxSummaryBytes) {
    if (Error E = compression::zstd::decompress(arrayRefFromStringRef(S.Blob),
                                                Raw, size_t(S.RawSize)))
      return damage("the summary of " + File +
                    " does not decompress: " + toString(std::move(E)));
    Json = toStringRef(Raw);
  } else {
    return damage("the summary of " + File + " has an unknown encoding");
  }
  auto Summary = summaryFromPieces(Json);
  if (!Summary)
    return damage("the summary of " + File +
                  " is unreadable: " + toString(Summary.takeError()));
  S.Head.Summary = std::move(*Summary);
  return std::move(S.Head);
}

Expected<std::optional<SummaryStore::StoredSummary>>
SummaryStore::findValid(StringRef File, const ContentHash *Command) {
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
  if (!Reusable || (Command && Stmt->blob(7) != Command->bytes()) ||
      Stmt->blob(8) != ConfigHash.bytes())
    return std::nullopt;
  std::string Reads = Stmt->blob(9).str();
  auto Unchanged = readsUnchanged(Reads);
  if (!Unchanged)
    return Unchanged.takeError();
  if (!*Unchanged)
    return std::nullopt;
  return readStored(*Stmt, File);
}

Expected<std::vector<std::optional<TUResult>>>
SummaryStore::lookup(ArrayRef<std::string> Files,
                     ArrayRef<ContentHash> Commands, unsigned Jobs) {
  std::lock_guard<std::mutex> Guard(Lock);
  // The database is read in order; the summaries, whose decoding is most of
  // an incremental run's reading (a fifth of the run on x86_64 defconfig's
  // kernel/ mm/ arch/x86/), are decoded Jobs at a time. Per file: its
  // result, or why reading or decoding it failed.
  std::vector<std::optional<Expected<TUResult>>> Decoded(Files.size());
  {
    DefaultThreadPool Pool(hardware_concurrency(std::max(Jobs, 1u)));
    for (size_t I = 0; I < Files.size(); ++I) {
      auto S = findValid(Files[I], &Commands[I]);
      if (!S) {
        Decoded[I].emplace(S.takeError());
        break;
      }
      if (*S)
        Pool.async([&Decoded, I, Stored = std::move(**S)]() mutable {
          Decoded[I].emplace(decode(std::move(Stored)));
        });
    }
    Pool.wait();
  }
  // The first failure in file order decides, as if read one by one.
  Error Failed = Error::success();
  std::vector<std::optional<TUResult>> Found(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!Decoded[I])
      continue;
    if (*Decoded[I])
      Found[I] = std::move(**Decoded[I]);
    else if (Failed)
      consumeError(Decoded[I]->takeError());
    else
      Failed = Decoded[I]->takeError();
  }
  if (!Failed)
    return Found;
  auto Why = damageReason(std::move(Failed));
  if (!Why)
    return asInputError(Path, Why.takeError());
  if (Error E = rebuild(*Why))
    return E;
  return std::vector<std::optional<TUResult>>(Files.size());
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
    return E;
  Versions[Key] = {Id, {Read.Size, Read.MTime}};
  return Id;
}

Error SummaryStore::store(const TUResult &R, const ContentHash &Command,
                          const StoredCommand *Kbuild) {
  std::string Json = summaryToPieces(R.Summary);
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
    if (Kbuild)
      if (Error E = recordKbuild(R, *Kbuild))
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

} // namespace kharden

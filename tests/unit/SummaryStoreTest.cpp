#include "ci/SummaryStore.h"
#include "engine/SummaryJson.h"

#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <ctime>

using namespace kharden;
namespace fs = llvm::sys::fs;

namespace {

class SummaryStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("kharden-store", Dir));
    DbPath = path("kharden.db");
    write("a.c", "#include \"h.h\"\nint f(void) { return g(); }\n");
    write("h.h", "static inline int g(void) { return 1; }\n");
  }
  void TearDown() override { fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }

  /// Writes a file dated long ago, as sources in a tree are.
  void write(llvm::StringRef Name, llvm::StringRef Text,
             std::time_t When = 1577836800 /* 2020-01-01 */) {
    {
      std::error_code EC;
      llvm::raw_fd_ostream OS(path(Name), EC);
      ASSERT_FALSE(EC);
      OS << Text;
    }
    int FD;
    ASSERT_FALSE(fs::openFileForWrite(path(Name), FD, fs::CD_OpenExisting,
                                      fs::OF_Append));
    ASSERT_FALSE(fs::setLastAccessAndModificationTime(
        FD, llvm::sys::toTimePoint(When)));
    close(FD);
  }

  FileRead readOf(llvm::StringRef Name) const {
    FileRead R;
    R.Path = path(Name);
    auto Buf = llvm::MemoryBuffer::getFile(R.Path);
    R.Hash = ContentHash::of((*Buf)->getBuffer());
    fs::file_status St;
    fs::status(R.Path, St);
    R.Size = St.getSize();
    R.MTime = llvm::sys::toTimeT(St.getLastModificationTime());
    return R;
  }

  TUResult analysed() const {
    TUResult R;
    R.File = path("a.c");
    R.Summary.MainFile = R.File;
    FunctionSummary F;
    F.Key = "f";
    F.Where = {R.File, 2, 5};
    R.Summary.Functions.push_back(F);
    R.Ran = true;
    R.Reads = {readOf("a.c"), readOf("h.h")};
    R.ReadAt = std::time(nullptr);
    return R;
  }

  StoreConfig config(llvm::StringRef Model = "model-1") const {
    return {"kharden test build", Model.str(), "/resource"};
  }

  std::unique_ptr<SummaryStore> open(llvm::StringRef Model = "model-1") {
    auto S = SummaryStore::openForCheck(DbPath, config(Model));
    EXPECT_TRUE(bool(S)) << llvm::toString(S.takeError());
    return S ? std::move(*S) : nullptr;
  }

  /// Whether a fresh store (fresh disk cache, as in a new run) reuses a.c.
  bool reused(ContentHash Command = ContentHash::of("cc -c a.c"),
              llvm::StringRef Model = "model-1") {
    auto S = open(Model);
    auto Found = S->lookup({path("a.c")}, {Command});
    EXPECT_TRUE(bool(Found)) << llvm::toString(Found.takeError());
    return Found && (*Found)[0].has_value();
  }

  void storeOne(const TUResult &R) {
    auto S = open();
    ASSERT_FALSE(bool(S->store(R, ContentHash::of("cc -c a.c"))));
  }

  /// Stores a.c with Text as its summary, uncompressed and with the hash of
  /// Text: damage that only the summary's own reader can find.
  void storeSummaryText(llvm::StringRef Text) {
    storeOne(analysed());
    auto Db = SqliteDb::open(DbPath, SqliteDb::Mode::ReadWriteCreate);
    ASSERT_TRUE(bool(Db));
    auto Stmt = (*Db)->prepare("UPDATE tu SET summary = ?1, codec = 0, "
                               "raw_size = ?2, summary_hash = ?3");
    ASSERT_TRUE(bool(Stmt));
    ASSERT_FALSE(bool(Stmt->bindBlob(1, Text)
                          .bind(2, int64_t(Text.size()))
                          .bindBlob(3, ContentHash::of(Text).bytes())
                          .run()));
  }

  /// What `kharden merge` says reading a.c's summary ("" if it reads).
  std::string mergeError() {
    auto M = SummaryStore::openForMerge(DbPath);
    EXPECT_TRUE(bool(M)) << llvm::toString(M.takeError());
    if (!M)
      return "no database";
    auto R = (*M)->load(path("a.c"));
    return R ? "" : llvm::toString(R.takeError());
  }

  /// a.c's summary as stored: a header line and one function line.
  std::string pieces() const { return summaryToPieces(analysed().Summary); }

  std::string unreadable(llvm::StringRef Why) const {
    return DbPath + ": the summary of " + path("a.c") +
           " is unreadable: " + Why.str();
  }

  llvm::SmallString<128> Dir;
  std::string DbPath;
};

TEST_F(SummaryStoreTest, ReusesWhatDidNotChange) {
  storeOne(analysed());
  auto S = open();
  auto Found = S->lookup({path("a.c")}, {ContentHash::of("cc -c a.c")});
  ASSERT_TRUE(bool(Found));
  ASSERT_TRUE((*Found)[0]);
  const TUResult &R = *(*Found)[0];
  EXPECT_TRUE(R.Reused);
  EXPECT_TRUE(R.Ran);
  EXPECT_EQ(R.Summary.MainFile, path("a.c"));
  ASSERT_EQ(R.Summary.Functions.size(), 1u);
  EXPECT_EQ(R.Summary.Functions[0].Where.Line, 2u);
}

TEST_F(SummaryStoreTest, AnEditedHeaderInvalidates) {
  storeOne(analysed());
  write("h.h", "static inline int g(void) { return 2; }\n", 1600000000);
  EXPECT_FALSE(reused());
}

TEST_F(SummaryStoreTest, AnEditKeepingSizeAndMtimeInvalidatesIfRecent) {
  // Written in the second it was read: size and mtime cannot vouch for it.
  std::time_t Now = std::time(nullptr);
  write("h.h", "static inline int g(void) { return 1; }\n", Now);
  storeOne(analysed());
  write("h.h", "static inline int g(void) { return 7; }\n", Now);
  EXPECT_FALSE(reused());
}

TEST_F(SummaryStoreTest, TouchingWithoutEditingDoesNot) {
  storeOne(analysed());
  write("h.h", "static inline int g(void) { return 1; }\n", 1600000000);
  EXPECT_TRUE(reused());
  EXPECT_TRUE(reused()); // and the new stat is remembered
}

TEST_F(SummaryStoreTest, ADeletedHeaderInvalidates) {
  storeOne(analysed());
  fs::remove(path("h.h"));
  EXPECT_FALSE(reused());
}

TEST_F(SummaryStoreTest, CommandAndConfigurationAreKeys) {
  storeOne(analysed());
  EXPECT_FALSE(reused(ContentHash::of("cc -DX -c a.c")));
  EXPECT_FALSE(reused(ContentHash::of("cc -c a.c"), "model-2"));
  EXPECT_TRUE(reused());
}

TEST_F(SummaryStoreTest, IncompleteUnitsAreNotReused) {
  TUResult R = analysed();
  R.Errors = 1;
  R.FirstError = "a.c:1:1: 'x.h' file not found";
  storeOne(R);
  EXPECT_FALSE(reused());
}

TEST_F(SummaryStoreTest, GarbageIsReportedAndRebuilt) {
  write("kharden.db", std::string(4096, '\x5a'));
  EXPECT_FALSE(reused());
  EXPECT_TRUE(fs::exists(DbPath + ".bad"));
  storeOne(analysed());
  EXPECT_TRUE(reused());
}

TEST_F(SummaryStoreTest, AnotherApplicationsDatabaseIsReportedAndRebuilt) {
  {
    auto Db = SqliteDb::open(DbPath, SqliteDb::Mode::ReadWriteCreate);
    ASSERT_TRUE(bool(Db));
    ASSERT_FALSE(bool((*Db)->exec("CREATE TABLE photos(id INTEGER)")));
  }
  storeOne(analysed());
  EXPECT_TRUE(fs::exists(DbPath + ".bad"));
  EXPECT_TRUE(reused());
}

TEST_F(SummaryStoreTest, ADamagedSummaryIsNeverTrusted) {
  storeOne(analysed());
  {
    auto Db = SqliteDb::open(DbPath, SqliteDb::Mode::ReadWriteCreate);
    ASSERT_TRUE(bool(Db));
    ASSERT_FALSE(bool((*Db)->exec("UPDATE tu SET summary = x'00ff'")));
  }
  EXPECT_FALSE(reused());
  EXPECT_TRUE(fs::exists(DbPath + ".bad"));
}

TEST_F(SummaryStoreTest, ReadsASummaryPieceByPiece) {
  storeSummaryText(pieces());
  EXPECT_EQ(mergeError(), "");
  EXPECT_TRUE(reused());
}

TEST_F(SummaryStoreTest, ATruncatedSummaryIsReported) {
  std::string Text = pieces();
  storeSummaryText(Text.substr(0, Text.size() - 3));
  EXPECT_EQ(mergeError(), unreadable("truncated: its last piece ends no line"));
  EXPECT_FALSE(reused());
  EXPECT_TRUE(fs::exists(DbPath + ".bad"));
}

TEST_F(SummaryStoreTest, AWrongPieceCountIsReported) {
  std::string Text = pieces();
  storeSummaryText(Text + Text.substr(Text.find('\n') + 1));
  EXPECT_EQ(mergeError(), unreadable("its header counts 1 pieces, 2 follow"));
  storeSummaryText(Text.substr(0, Text.find('\n') + 1));
  EXPECT_EQ(mergeError(), unreadable("its header counts 1 pieces, 0 follow"));
}

TEST_F(SummaryStoreTest, ABadPieceIsReported) {
  std::string Header = pieces().substr(0, pieces().find('\n') + 1);
  storeSummaryText(Header + "{\"key\":\n");
  EXPECT_EQ(mergeError(),
            unreadable("piece 1 (functions[0]): not JSON: [1:7, byte=7]: "
                       "Unexpected EOF"));
  storeSummaryText(Header + "{\"key\":\"f\"}\n");
  EXPECT_EQ(mergeError(), unreadable("expected [file, line, column] at "
                                     "summary.functions[0].at"));
  storeSummaryText(Header + std::string(300, '[') + "\n");
  EXPECT_EQ(mergeError(), unreadable("piece 1 (functions[0]):1:257: nested "
                                     "deeper than 256 levels"));
  EXPECT_FALSE(reused());
  EXPECT_TRUE(fs::exists(DbPath + ".bad"));
}

/// Many units decoded at once give what one by one gives, in file order; a
/// damaged one rebuilds the database for the first in file order.
TEST_F(SummaryStoreTest, DecodesManyAtOnceInFileOrder) {
  std::vector<std::string> Files;
  std::vector<ContentHash> Commands;
  {
    auto S = open();
    for (int I = 0; I < 12; ++I) {
      std::string Name = "u" + std::to_string(I) + ".c";
      write(Name, "int f" + std::to_string(I) + "(void) { return 0; }\n");
      TUResult R = analysed();
      R.File = path(Name);
      R.Summary.MainFile = R.File;
      R.Summary.Functions[0].Key = "f" + std::to_string(I);
      R.Reads = {readOf(Name)};
      Files.push_back(R.File);
      Commands.push_back(ContentHash::of("cc -c " + Name));
      ASSERT_FALSE(bool(S->store(R, Commands.back())));
    }
  }
  for (unsigned Jobs : {1u, 4u}) {
    auto Found = open()->lookup(Files, Commands, Jobs);
    ASSERT_TRUE(bool(Found)) << llvm::toString(Found.takeError());
    ASSERT_EQ(Found->size(), Files.size());
    for (size_t I = 0; I < Files.size(); ++I) {
      ASSERT_TRUE((*Found)[I].has_value()) << Files[I];
      EXPECT_EQ((*Found)[I]->File, Files[I]);
      EXPECT_EQ((*Found)[I]->Summary.Functions[0].Key, "f" + std::to_string(I));
    }
  }
  {
    auto Db = SqliteDb::open(DbPath, SqliteDb::Mode::ReadWriteCreate);
    ASSERT_TRUE(bool(Db));
    ASSERT_FALSE(bool((*Db)->exec("UPDATE tu SET summary = x'00ff', codec = "
                                  "0, summary_hash = x'' WHERE file LIKE "
                                  "'%u5.c' OR file LIKE '%u9.c'")));
  }
  testing::internal::CaptureStderr();
  auto Found = open()->lookup(Files, Commands, 4);
  std::string Warning = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(bool(Found)) << llvm::toString(Found.takeError());
  EXPECT_TRUE(llvm::none_of(*Found, [](const auto &R) { return bool(R); }));
  EXPECT_NE(Warning.find("the summary of " + path("u5.c") +
                         " does not match its hash; starting a new one"),
            std::string::npos)
      << Warning;
  EXPECT_TRUE(fs::exists(DbPath + ".bad"));
}

TEST_F(SummaryStoreTest, RecordsTheLastCompleteRunForMerge) {
  {
    auto S = open();
    ASSERT_FALSE(bool(S->beginRun()));
    ASSERT_FALSE(bool(S->store(analysed(), ContentHash::of("cc -c a.c"))));
    RunRecord Run{{2, 3}, "sel", 9, "kharden 0", "model-1",
                  {{path("a.c"), 4}}};
    ASSERT_FALSE(bool(S->finishRun(Run)));
  }
  auto M = SummaryStore::openForMerge(DbPath);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  // Written by "kharden 0", not by this kharden: merge refuses it.
  auto Run = (*M)->lastRun();
  ASSERT_FALSE(bool(Run));
  EXPECT_NE(llvm::toString(Run.takeError()).find("written by kharden 0"),
            std::string::npos);
  auto R = (*M)->load(path("a.c"));
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->Summary.MainFile, path("a.c"));
}

TEST_F(SummaryStoreTest, AnUnfinishedRunCannotBeMerged) {
  {
    auto S = open();
    ASSERT_FALSE(bool(S->beginRun()));
  }
  auto M = SummaryStore::openForMerge(DbPath);
  ASSERT_TRUE(bool(M));
  auto Run = (*M)->lastRun();
  ASSERT_FALSE(bool(Run));
  EXPECT_EQ(llvm::toString(Run.takeError()),
            DbPath + ": holds no complete run (was the run that wrote it "
                     "killed?)");
}

TEST_F(SummaryStoreTest, MergeTrustsNothingElse) {
  auto Missing = SummaryStore::openForMerge(path("none.db"));
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            path("none.db") + ": no such file");
  write("junk.db", std::string(8192, '\x01'));
  auto Junk = SummaryStore::openForMerge(path("junk.db"));
  ASSERT_FALSE(bool(Junk));
  EXPECT_EQ(llvm::toString(Junk.takeError()),
            path("junk.db") + ": not an SQLite database");
  EXPECT_FALSE(fs::exists(path("junk.db.bad"))); // and left alone
}

TEST_F(SummaryStoreTest, KbuildSetKeepsCommandsAndCallers) {
  auto Store = SummaryStore::openForCheck(DbPath, config());
  ASSERT_TRUE(bool(Store)) << llvm::toString(Store.takeError());
  TUResult R = analysed();
  FunctionSummary &F = R.Summary.Functions.front();
  auto CallOf = [](const char *Key) {
    CallSite C;
    C.CalleeKey = Key;
    C.CalleeName = Key;
    return C;
  };
  F.Calls.push_back(CallOf("g")); // defined elsewhere
  F.Calls.push_back(CallOf("f")); // its own: not a caller of f
  EntryHint Hint;
  Hint.FunctionKey = "h@cb";
  Hint.FunctionName = "cb";
  R.Summary.Hints.push_back(Hint);
  StoredCommand Ran{R.File, Dir.str().str(),
                    {"clang-tool", "-DNAME=\"a b\"", "-I", "x\\y", R.File}};
  ASSERT_FALSE(bool((*Store)->store(R, ContentHash::of("cmd"), &Ran)));

  auto Set = (*Store)->kbuildCommands();
  ASSERT_TRUE(bool(Set));
  ASSERT_EQ(Set->size(), 1u);
  EXPECT_EQ((*Set)[0].File, R.File);
  EXPECT_EQ((*Set)[0].Directory, Ran.Directory);
  EXPECT_EQ((*Set)[0].Arguments, Ran.Arguments);
  for (auto [Key, Callers] :
       {std::pair<const char *, size_t>{"g", 1}, {"h@cb", 1}, {"f", 0}}) {
    auto Files = (*Store)->kbuildCallers({Key});
    ASSERT_TRUE(bool(Files));
    EXPECT_EQ(Files->size(), Callers) << Key;
  }
  // Valid whatever the command; gone once a file it read changes.
  auto Current = (*Store)->loadCurrent(R.File);
  ASSERT_TRUE(Current && *Current);
  EXPECT_EQ((**Current).Summary.Functions.front().Key, "f");
  write("h.h", "static inline int g(void) { return 22; }\n");
  auto Reopened = SummaryStore::openForCheck(DbPath, config());
  ASSERT_TRUE(bool(Reopened));
  auto Stale = (*Reopened)->loadCurrent(R.File);
  ASSERT_TRUE(bool(Stale));
  EXPECT_FALSE(*Stale);
}

} // namespace

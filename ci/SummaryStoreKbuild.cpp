//===- ci/SummaryStoreKbuild.cpp - the kbuild set of a database -----------===//
//
// Under kbuild, one kharden process checks one file, and all of them share a
// summary database. Each records its file's command (for the whole-program
// report after make, `kharden check --kbuild-report`) and the function keys
// its summary calls or registers without defining them, so that a later
// process finds, without reading every summary, the files whose functions
// may call into its own (docs/ci.md, "Under kbuild").
//
//===----------------------------------------------------------------------===//
#include "ci/SummaryStore.h"

#include "ci/SummaryStoreDetail.h"
#include "support/InputError.h"
#include "support/JsonFile.h"

#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace kharden {

using namespace store;

namespace {

/// What Summary calls or registers without defining it: where contexts
/// enter it from other files.
std::vector<std::string> foreignKeys(const TUSummary &Summary) {
  StringSet<> Defined, Foreign;
  for (const FunctionSummary &F : Summary.Functions)
    Defined.insert(F.Key);
  for (const FunctionSummary &F : Summary.Functions)
    for (const CallSite &C : F.Calls)
      if (!Defined.contains(C.CalleeKey))
        Foreign.insert(C.CalleeKey);
  for (const EntryHint &H : Summary.Hints)
    if (!Defined.contains(H.FunctionKey))
      Foreign.insert(H.FunctionKey);
  std::vector<std::string> Keys;
  for (const auto &K : Foreign)
    Keys.push_back(K.getKey().str());
  llvm::sort(Keys);
  return Keys;
}

} // namespace

Error SummaryStore::recordKbuild(const TUResult &R,
                                 const StoredCommand &Kbuild) {
  std::string Arguments;
  raw_string_ostream(Arguments) << json::Value(json::Array(Kbuild.Arguments));
  auto Command = Db->prepare("INSERT OR REPLACE INTO kbuild(file, directory, "
                             "arguments) VALUES(?1, ?2, ?3)");
  if (!Command)
    return Command.takeError();
  if (Error E = Command->bind(1, R.File)
                    .bind(2, Kbuild.Directory)
                    .bind(3, Arguments)
                    .run())
    return E;
  auto Forget = Db->prepare("DELETE FROM callee WHERE file = ?1");
  if (!Forget)
    return Forget.takeError();
  if (Error E = Forget->bind(1, R.File).run())
    return E;
  auto Insert = Db->prepare("INSERT INTO callee(key, file) VALUES(?1, ?2)");
  if (!Insert)
    return Insert.takeError();
  for (const std::string &Key : foreignKeys(R.Summary)) {
    if (Error E = Insert->bind(1, Key).bind(2, R.File).run())
      return E;
    Insert->reset();
  }
  return Error::success();
}

Expected<std::vector<StoredCommand>> SummaryStore::kbuildCommands() {
  std::lock_guard<std::mutex> Guard(Lock);
  auto Stmt = Db->prepare(
      "SELECT file, directory, arguments FROM kbuild ORDER BY file");
  if (!Stmt)
    return asInputError(Path, Stmt.takeError());
  std::vector<StoredCommand> Out;
  while (true) {
    auto Row = Stmt->step();
    if (!Row)
      return asInputError(Path, Row.takeError());
    if (!*Row)
      return Out;
    StoredCommand C{Stmt->text(0).str(), Stmt->text(1).str(), {}};
    auto Args = parseJson(Stmt->text(2), "the command of " + C.File);
    const json::Array *List = Args ? Args->getAsArray() : nullptr;
    if (!List) {
      consumeError(Args.takeError());
      return make_error<InputError>(Path, "damaged: the command of " + C.File +
                                              " is unreadable");
    }
    for (const json::Value &A : *List)
      if (std::optional<StringRef> S = A.getAsString())
        C.Arguments.push_back(S->str());
    Out.push_back(std::move(C));
  }
}

Expected<std::vector<std::string>>
SummaryStore::kbuildCallers(ArrayRef<std::string> Keys) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto Stmt = Db->prepare("SELECT file FROM callee WHERE key = ?1");
  if (!Stmt)
    return asInputError(Path, Stmt.takeError());
  StringSet<> Files;
  for (const std::string &Key : Keys) {
    Stmt->bind(1, Key);
    while (true) {
      auto Row = Stmt->step();
      if (!Row)
        return asInputError(Path, Row.takeError());
      if (!*Row)
        break;
      Files.insert(Stmt->text(0));
    }
    Stmt->reset();
  }
  std::vector<std::string> Out;
  for (const auto &F : Files)
    Out.push_back(F.getKey().str());
  llvm::sort(Out);
  return Out;
}

Expected<std::optional<TUResult>> SummaryStore::loadCurrent(StringRef File) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto S = findValid(File, /*Command=*/nullptr);
  if (!S)
    return asInputError(Path, S.takeError());
  if (!*S)
    return std::nullopt;
  auto R = decode(std::move(**S));
  if (!R)
    return asInputError(Path, R.takeError());
  return std::optional<TUResult>(std::move(*R));
}

} // namespace kharden

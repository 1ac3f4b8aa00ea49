#include "engine/InternedString.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"

#include <deque>
#include <mutex>

namespace kharden {

namespace {
/// The index holds the kept strings themselves, found by their text: a
/// bucket is a pointer, not a StringRef and a pointer (a third of the size,
/// and the buckets of a whole tree's millions of strings are most of what
/// the index costs, issue 21).
struct ByText {
  using Info = llvm::DenseMapInfo<const std::string *>;
  static const std::string *getEmptyKey() { return Info::getEmptyKey(); }
  static const std::string *getTombstoneKey() {
    return Info::getTombstoneKey();
  }
  static unsigned getHashValue(llvm::StringRef Text) {
    return llvm::hash_value(Text);
  }
  static unsigned getHashValue(const std::string *S) {
    return getHashValue(llvm::StringRef(*S));
  }
  static bool isEqual(const std::string *A, const std::string *B) {
    return A == B; // each text is kept once
  }
  static bool isEqual(llvm::StringRef Text, const std::string *S) {
    return S != getEmptyKey() && S != getTombstoneKey() && Text == *S;
  }
};

/// Never destroyed: InternedStrings in static objects may outlive any
/// destructor order. Each text is kept once, in Texts (a deque: its strings
/// never move). A StringMap<std::string> kept every text twice, its key and
/// its value (issue 21).
struct Pool {
  std::mutex Lock;
  std::deque<std::string> Texts;
  llvm::DenseSet<const std::string *, ByText> Index;
};
Pool &pool() {
  static Pool *P = new Pool;
  return *P;
}
} // namespace

const std::string &InternedString::none() {
  static const std::string *E = new std::string;
  return *E;
}

InternedString::InternedString(llvm::StringRef Text) {
  if (Text.empty()) {
    P = &none();
    return;
  }
  Pool &All = pool();
  std::lock_guard<std::mutex> Hold(All.Lock);
  auto It = All.Index.find_as(Text);
  if (It != All.Index.end()) {
    P = *It;
    return;
  }
  P = &All.Texts.emplace_back(Text.str());
  All.Index.insert(P);
}

} // namespace kharden

#include "engine/InternedString.h"

#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <mutex>

namespace kharden {

namespace {
/// Never destroyed: InternedStrings in static objects may outlive any
/// destructor order. Each text is kept once, in Texts (a deque: its strings
/// never move, so neither do their characters); the index's keys point into
/// them. A StringMap<std::string> kept every text twice, its key and its
/// value (issue 21).
struct Pool {
  std::mutex Lock;
  std::deque<std::string> Texts;
  llvm::DenseMap<llvm::StringRef, const std::string *> Index;
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
  auto It = All.Index.find(Text);
  if (It != All.Index.end()) {
    P = It->second;
    return;
  }
  // Keyed by the kept copy: the caller's text may not outlive this call.
  P = &All.Texts.emplace_back(Text.str());
  All.Index.try_emplace(*P, P);
}

} // namespace kharden

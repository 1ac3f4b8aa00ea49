#include "engine/InternedString.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace kharden {

namespace {
/// Never destroyed: InternedStrings in static objects may outlive any
/// destructor order. Entries of a StringMap do not move when it grows.
struct Pool {
  std::mutex Lock;
  llvm::StringMap<std::string> All;
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
  auto [It, New] = All.All.try_emplace(Text);
  if (New)
    It->second = Text.str();
  P = &It->second;
}

} // namespace kharden

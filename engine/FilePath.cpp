#include "engine/FilePath.h"

#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace kharden {

namespace {
/// Never destroyed: FilePaths in static objects may outlive any destructor
/// order. Entries of a StringMap do not move when it grows.
struct Paths {
  std::mutex Lock;
  llvm::StringMap<std::string> All;
};
Paths &paths() {
  static Paths *P = new Paths;
  return *P;
}
} // namespace

const std::string &FilePath::none() {
  static const std::string *E = new std::string;
  return *E;
}

FilePath::FilePath(llvm::StringRef Path) {
  if (Path.empty()) {
    P = &none();
    return;
  }
  Paths &All = paths();
  std::lock_guard<std::mutex> Hold(All.Lock);
  auto [It, New] = All.All.try_emplace(Path);
  if (New)
    It->second = Path.str();
  P = &It->second;
}

} // namespace kharden

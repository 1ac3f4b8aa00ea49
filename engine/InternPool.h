//===- engine/InternPool.h - the one copy of each value kept ----*- C++ -*-===//
//
// What InternedList and InternedValue share: values found by a key of
// their bytes, kept once for the life of the process.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_INTERNPOOL_H
#define KHARDEN_ENGINE_INTERNPOOL_H

#include "llvm/ADT/StringMap.h"

#include <mutex>

namespace kharden {

/// The copy of the T of Key the process keeps, made by Make() the first
/// time Key is asked for (thread-safe). Never destroyed, as
/// InternedString's pool: interned values in static objects may outlive
/// any destructor order. Entries do not move.
template <typename T, typename MakeFn>
const T &internedCopy(llvm::StringRef Key, MakeFn Make) {
  struct Pool {
    std::mutex Lock;
    llvm::StringMap<T> All;
  };
  static Pool *Kept = new Pool;
  std::lock_guard<std::mutex> Hold(Kept->Lock);
  auto [It, New] = Kept->All.try_emplace(Key);
  if (New)
    It->second = Make();
  return It->second;
}

} // namespace kharden

#endif

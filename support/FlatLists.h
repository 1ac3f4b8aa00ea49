//===- support/FlatLists.h - a list per index, in one array -----*- C++ -*-===//
//
// A vector per function costs 24 bytes and an allocation even when empty,
// and an allmodconfig tree has a million functions, most with an empty
// list (issue 21). Once built, the lists sit in one array.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_FLATLISTS_H
#define KHARDEN_SUPPORT_FLATLISTS_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace kharden {

/// Lists by index, read-only once built.
template <typename T> class FlatLists {
public:
  FlatLists() = default;
  /// Takes the lists' elements, freeing each list as it goes.
  explicit FlatLists(std::vector<std::vector<T>> &&Lists) {
    size_t Total = 0;
    for (const std::vector<T> &L : Lists)
      Total += L.size();
    All.reserve(Total);
    Begin.reserve(Lists.size() + 1);
    for (std::vector<T> &L : Lists) {
      Begin.push_back(All.size());
      for (T &X : L)
        All.push_back(std::move(X));
      std::vector<T>().swap(L);
    }
    Begin.push_back(All.size());
  }

  size_t size() const { return Begin.empty() ? 0 : Begin.size() - 1; }
  llvm::ArrayRef<T> operator[](size_t I) const {
    return llvm::ArrayRef(All).slice(Begin[I], Begin[I + 1] - Begin[I]);
  }

private:
  std::vector<uint32_t> Begin;
  std::vector<T> All;
};

} // namespace kharden

#endif

#include "engine/FunctionTable.h"

#include <algorithm>
#include <cassert>

namespace kharden {

void FunctionTable::push_back(FunctionSummary F) {
  if (Size == Blocks.size() * BlockSize) {
    Blocks.push_back(std::make_unique<FunctionSummary[]>(BlockSize));
    std::pair<const FunctionSummary *, size_t> Block{Blocks.back().get(),
                                                     Blocks.size() - 1};
    ByAddress.insert(
        std::upper_bound(ByAddress.begin(), ByAddress.end(), Block), Block);
  }
  (*this)[Size++] = std::move(F);
}

size_t FunctionTable::indexOf(const FunctionSummary &F) const {
  auto It = std::upper_bound(
      ByAddress.begin(), ByAddress.end(), &F,
      [](const FunctionSummary *A,
         const std::pair<const FunctionSummary *, size_t> &B) {
        return std::less<const FunctionSummary *>()(A, B.first);
      });
  assert(It != ByAddress.begin() && "not a summary of this table");
  --It;
  size_t Offset = &F - It->first;
  assert(Offset < BlockSize && "not a summary of this table");
  return (It->second << BlockBits) + Offset;
}

} // namespace kharden

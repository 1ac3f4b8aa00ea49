//===- models/placement/FreeMap.h - free pages of a module area -*- C++ -*-===//
//
// The free pages of a module area as maximal gaps, with what the allocator
// models need in logarithmic time:
//  - first-fit in a window (vmalloc's lowest-address fit);
//  - the number of start positions below a bound where a module of a given
//    length fits, and the K-th of them: a module that tries uniformly random
//    positions T times lands uniformly on one of these F positions, or falls
//    back with probability (1 - F/positions)^T, so the simulation draws that
//    outcome directly instead of replaying up to T tries.
// Gaps that end inside the random area are indexed by size (two Fenwick
// trees: count and total size, plus per-size lists); at most one gap
// straddles the random area's end and is handled on its own.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_FREEMAP_H
#define KHARDEN_MODELS_PLACEMENT_FREEMAP_H

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace kharden::placement {

class FreeMap {
public:
  /// An empty area of AreaPages pages whose first RandomPages pages are the
  /// random area. Reuses storage across calls.
  void reset(uint32_t AreaPages, uint32_t RandomPages);

  /// The number of starts p < NrPos with [p, p + Len) free.
  uint64_t countFree(uint32_t Len, uint32_t NrPos) const;
  /// The K-th such start (K < countFree), in a fixed but arbitrary order.
  uint32_t selectFree(uint32_t Len, uint32_t NrPos, uint64_t K) const;
  /// Calls Fn(Lo, Hi) for every maximal range [Lo, Hi] of such starts.
  template <typename Fn>
  void forEachFreeStartRange(uint32_t Len, uint32_t NrPos, Fn &&F) const {
    for (const auto &[Start, G] : Gaps) {
      if (Start >= NrPos)
        break;
      if (G.End - Start < Len)
        continue;
      uint32_t Hi = G.End - Len;
      if (Hi > NrPos - 1)
        Hi = NrPos - 1;
      F(Start, Hi);
    }
  }

  bool isFree(uint32_t Start, uint32_t Len) const;
  /// vmalloc's first fit: the lowest p >= Lo with [p, p + Len) free and
  /// p + Len <= Hi.
  std::optional<uint32_t> firstFit(uint32_t Len, uint32_t Lo,
                                   uint32_t Hi) const;
  /// Marks [Start, Start + Len) allocated; it must be free.
  void allocate(uint32_t Start, uint32_t Len);

  size_t gapCount() const { return Gaps.size(); }

private:
  struct Gap {
    uint32_t End;
    /// Index in Buckets[End - start] for inner gaps; unused otherwise.
    uint32_t Slot;
  };
  bool isInner(uint32_t Start, uint32_t End) const {
    return End <= RandomPages;
  }
  void addGap(uint32_t Start, uint32_t End);
  void removeGap(std::map<uint32_t, Gap>::iterator It);
  void fenwickAdd(uint32_t Size, int64_t Count);
  /// Sum over inner gaps of size <= Size of (count, total size).
  std::pair<int64_t, int64_t> prefix(uint32_t Size) const;
  /// Starts for Len in inner gaps of sizes [Len, Size].
  int64_t innerStarts(uint32_t Len, uint32_t Size) const;
  std::map<uint32_t, Gap>::const_iterator gapAt(uint32_t Page) const;

  uint32_t AreaPages = 0, RandomPages = 0;
  std::map<uint32_t, Gap> Gaps;
  std::vector<int64_t> CountTree, SizeTree;
  int64_t InnerCount = 0, InnerSize = 0;
  std::vector<std::vector<uint32_t>> Buckets;
  std::vector<uint32_t> UsedBuckets;
};

} // namespace kharden::placement

#endif

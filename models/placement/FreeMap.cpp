#include "models/placement/FreeMap.h"

#include <cassert>

namespace kharden::placement {

void FreeMap::reset(uint32_t Area, uint32_t Random) {
  AreaPages = Area;
  RandomPages = Random;
  Gaps.clear();
  for (uint32_t Size : UsedBuckets)
    Buckets[Size].clear();
  UsedBuckets.clear();
  CountTree.assign(size_t(Random) + 1, 0);
  SizeTree.assign(size_t(Random) + 1, 0);
  if (Buckets.size() < size_t(Random) + 1)
    Buckets.resize(size_t(Random) + 1);
  InnerCount = InnerSize = 0;
  if (Area)
    addGap(0, Area);
}

void FreeMap::fenwickAdd(uint32_t Size, int64_t Count) {
  InnerCount += Count;
  InnerSize += Count * int64_t(Size);
  for (size_t I = Size; I < CountTree.size(); I += I & -I) {
    CountTree[I] += Count;
    SizeTree[I] += Count * int64_t(Size);
  }
}

std::pair<int64_t, int64_t> FreeMap::prefix(uint32_t Size) const {
  int64_t C = 0, S = 0;
  if (Size >= CountTree.size())
    Size = uint32_t(CountTree.size() - 1);
  for (size_t I = Size; I > 0; I -= I & -I) {
    C += CountTree[I];
    S += SizeTree[I];
  }
  return {C, S};
}

int64_t FreeMap::innerStarts(uint32_t Len, uint32_t Size) const {
  // A gap of size R holds R - Len + 1 starts for a module of Len pages.
  auto [CHi, SHi] = prefix(Size);
  auto [CLo, SLo] = prefix(Len - 1);
  return (SHi - SLo) - int64_t(Len - 1) * (CHi - CLo);
}

void FreeMap::addGap(uint32_t Start, uint32_t End) {
  Gap G{End, 0};
  if (isInner(Start, End)) {
    uint32_t Size = End - Start;
    std::vector<uint32_t> &B = Buckets[Size];
    if (B.empty())
      UsedBuckets.push_back(Size);
    G.Slot = uint32_t(B.size());
    B.push_back(Start);
    fenwickAdd(Size, 1);
  }
  Gaps.emplace(Start, G);
}

void FreeMap::removeGap(std::map<uint32_t, Gap>::iterator It) {
  uint32_t Start = It->first, End = It->second.End;
  if (isInner(Start, End)) {
    uint32_t Size = End - Start;
    std::vector<uint32_t> &B = Buckets[Size];
    uint32_t Slot = It->second.Slot;
    uint32_t Moved = B.back();
    B[Slot] = Moved;
    B.pop_back();
    if (Moved != Start)
      Gaps.find(Moved)->second.Slot = Slot;
    fenwickAdd(Size, -1);
  }
  Gaps.erase(It);
}

std::map<uint32_t, FreeMap::Gap>::const_iterator
FreeMap::gapAt(uint32_t Page) const {
  auto It = Gaps.upper_bound(Page);
  if (It == Gaps.begin())
    return Gaps.end();
  --It;
  return It->second.End > Page ? It : Gaps.end();
}

uint64_t FreeMap::countFree(uint32_t Len, uint32_t NrPos) const {
  if (NrPos == 0 || Len == 0)
    return 0;
  int64_t Count = innerStarts(Len, RandomPages);
  // The gap straddling the random area's end, if any.
  auto It = gapAt(RandomPages ? RandomPages - 1 : 0);
  if (It != Gaps.end() && !isInner(It->first, It->second.End) &&
      It->first < NrPos && It->second.End - It->first >= Len) {
    uint32_t Hi = std::min<uint32_t>(It->second.End - Len, NrPos - 1);
    Count += int64_t(Hi) - int64_t(It->first) + 1;
  }
  return uint64_t(Count);
}

uint32_t FreeMap::selectFree(uint32_t Len, uint32_t NrPos, uint64_t K) const {
  int64_t Inner = innerStarts(Len, RandomPages);
  if (int64_t(K) >= Inner) {
    auto It = gapAt(RandomPages - 1);
    assert(It != Gaps.end() && "selecting beyond the free starts");
    return It->first + uint32_t(int64_t(K) - Inner);
  }
  // The smallest size Hi whose gaps of sizes [Len, Hi] hold more than K
  // starts.
  uint32_t Lo = Len, Hi = RandomPages;
  while (Lo < Hi) {
    uint32_t Mid = Lo + (Hi - Lo) / 2;
    if (innerStarts(Len, Mid) > int64_t(K))
      Hi = Mid;
    else
      Lo = Mid + 1;
  }
  uint64_t Before = Lo > Len ? uint64_t(innerStarts(Len, Lo - 1)) : 0;
  uint64_t Within = K - Before;
  uint32_t PerGap = Lo - Len + 1;
  uint32_t GapStart = Buckets[Lo][Within / PerGap];
  return GapStart + uint32_t(Within % PerGap);
}

bool FreeMap::isFree(uint32_t Start, uint32_t Len) const {
  auto It = gapAt(Start);
  return It != Gaps.end() && It->second.End - Start >= Len;
}

std::optional<uint32_t> FreeMap::firstFit(uint32_t Len, uint32_t Lo,
                                          uint32_t Hi) const {
  auto It = Gaps.upper_bound(Lo);
  if (It != Gaps.begin() && std::prev(It)->second.End > Lo)
    --It;
  for (; It != Gaps.end() && It->first < Hi; ++It) {
    uint32_t Start = std::max(It->first, Lo);
    uint32_t End = std::min(It->second.End, Hi);
    if (End > Start && End - Start >= Len)
      return Start;
  }
  return std::nullopt;
}

void FreeMap::allocate(uint32_t Start, uint32_t Len) {
  auto It = Gaps.upper_bound(Start);
  assert(It != Gaps.begin());
  --It;
  uint32_t GapStart = It->first, GapEnd = It->second.End;
  assert(GapEnd >= Start + Len && "allocating pages that are not free");
  removeGap(It);
  if (Start > GapStart)
    addGap(GapStart, Start);
  if (GapEnd > Start + Len)
    addGap(Start + Len, GapEnd);
}

} // namespace kharden::placement

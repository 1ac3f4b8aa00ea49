//===- support/ForEachIndex.h - indices spread over threads -----*- C++ -*-===//
//
// Work whose results go into slots by index, so that the outcome does not
// depend on the thread count or on which thread ran what: the placement
// simulations' runs and kharden prove's theorems.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_FOREACHINDEX_H
#define KHARDEN_SUPPORT_FOREACHINDEX_H

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace kharden {

/// Runs Body(I) for I in [0, Count) on Threads threads (the caller's among
/// them), each taking the next index as it finishes one.
template <typename Fn>
void forEachIndex(size_t Count, unsigned Threads, Fn Body) {
  std::atomic<size_t> Next{0};
  auto Worker = [&] {
    for (size_t I; (I = Next++) < Count;)
      Body(I);
  };
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < Threads; ++T)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();
}

} // namespace kharden

#endif

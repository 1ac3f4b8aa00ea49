//===- models/placement/WindowsSimulation.h - kernel-windows figures -*- C++
//-*-===//
//
// The kernel-windows layout is deterministic given the window offsets, so
// the model enumerates the inner window's offset exhaustively and treats the
// outer offsets in two strata:
//  - the "unbounded" run, where the gap below the inner window never fills,
//    equals the real run whenever the outer offset is at least the pages the
//    outer windows have taken (plus the probe's, if it goes there); that
//    stratum is computed exactly;
//  - below that threshold the outer offsets are sampled.
// With one window, or before anything reaches the outer windows, every
// figure is exact.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_WINDOWSSIMULATION_H
#define KHARDEN_MODELS_PLACEMENT_WINDOWSSIMULATION_H

#include "models/placement/ModuleSet.h"
#include "models/placement/WindowsGeometry.h"
#include "models/placement/WindowsRun.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <vector>

namespace kharden::placement {

/// The unbounded run for every inner offset p0 (index p0).
struct UnboundedRuns {
  struct Point {
    /// Window of the probe (-1: fails), its start (window 0), or its offset
    /// from the start of the gap below window 0 (outer windows).
    std::vector<int8_t> Window;
    std::vector<int64_t> Start;
    /// Pages the outer windows took before the probe.
    std::vector<int64_t> Spill;
  };
  std::vector<Point> Points;
  /// Start (window 0 only) of module Modules[k] for every p0, and whether
  /// any module up to it went to an outer window.
  std::vector<std::vector<int64_t>> ModuleStart;
  std::vector<std::vector<uint8_t>> OuterBefore;
};

UnboundedRuns runUnbounded(const WindowsGeometry &G, const ModuleSet &Set,
                           llvm::ArrayRef<uint64_t> Ns,
                           llvm::ArrayRef<uint64_t> Modules);

struct WindowsPointEstimate {
  /// Start page relative to the kernel image, or WindowsPlacement::Failed.
  int64_t BestGuess = 0;
  double Mean = 0, StdErr = 0;
  double FallbackMean = 0, FallbackStdErr = 0;
  bool Exact = false;
};

/// Measured figures; Runs samples of the outer offsets per phase.
std::vector<WindowsPointEstimate>
simulateWindows(const WindowsGeometry &G, const ModuleSet &Set,
                llvm::ArrayRef<uint64_t> Ns, const UnboundedRuns &Unbounded,
                uint64_t Seed, unsigned Runs, unsigned Threads);

/// Every outcome of a small layout: for each N, the count of every start
/// (WindowsPlacement::Failed for a failure) over all offset combinations,
/// and how many of them put the probe in an outer window.
struct ExactWindows {
  std::vector<std::map<int64_t, uint64_t>> Counts;
  std::vector<uint64_t> Outer;
  uint64_t Total = 0;
};
ExactWindows enumerateWindows(const WindowsGeometry &G, const ModuleSet &Set,
                              llvm::ArrayRef<uint64_t> Ns);

} // namespace kharden::placement

#endif

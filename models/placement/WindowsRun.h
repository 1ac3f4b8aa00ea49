//===- models/placement/WindowsRun.h - one boot of the windows layout -*- C++
//-*-===//
//
// The allocator state of the kernel-windows layout for fixed window offsets:
// how much of each gap is used. Placement is deterministic given the
// offsets; the randomness is all in the offsets.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_WINDOWSRUN_H
#define KHARDEN_MODELS_PLACEMENT_WINDOWSRUN_H

#include "models/placement/WindowsGeometry.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace kharden::placement {

/// Where a module went: the window that took it and its start page relative
/// to the kernel image; Window < 0 if no window had room.
struct WindowsPlacement {
  int Window = -1;
  int64_t Start = 0;
  static constexpr int64_t Failed = std::numeric_limits<int64_t>::min();
};

class WindowsRun {
public:
  /// Offsets[J] for every window; an offset may be "unbounded"
  /// (Unbounded), a gap below the previous window that never fills.
  WindowsRun(const WindowsGeometry &G, const std::vector<int64_t> &Offsets);

  /// Where a module of Len pages would go now.
  WindowsPlacement where(int64_t Len) const;
  /// Places it.
  WindowsPlacement place(int64_t Len);

  static constexpr int64_t Unbounded = int64_t(1) << 50;

private:
  const WindowsGeometry &G;
  /// Below[J]: start and size of the gap below window J-1 (J = 0: below
  /// the kernel image), and pages used from its low end.
  std::vector<int64_t> GapStart, GapSize, Used;
  /// Window J's end; pages used above the kernel image.
  std::vector<int64_t> WindowEnd;
  int64_t Above = 0;
};

} // namespace kharden::placement

#endif

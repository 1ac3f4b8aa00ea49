#include "models/placement/WindowsRun.h"

namespace kharden::placement {

WindowsRun::WindowsRun(const WindowsGeometry &G,
                       const std::vector<int64_t> &Offsets)
    : G(G) {
  int64_t Start = 0;
  for (size_t J = 0; J < G.count(); ++J) {
    int64_t Offset = Offsets[J];
    Start -= Offset;
    GapStart.push_back(Start);
    GapSize.push_back(Offset);
    Used.push_back(0);
    WindowEnd.push_back(Start + G.Window[J]);
  }
}

WindowsPlacement WindowsRun::where(int64_t Len) const {
  for (size_t W = 0; W < G.count(); ++W) {
    // First fit inside window W, lowest address first: the gap below window
    // W-1, then those below the inner windows (which a module that found no
    // room in window W-1 cannot fit), then above the kernel image.
    if (Used[W] + Len <= GapSize[W])
      return {int(W), GapStart[W] + Used[W]};
    if (G.Kernel + Above + Len <= WindowEnd[W])
      return {int(W), G.Kernel + Above};
  }
  return {-1, WindowsPlacement::Failed};
}

WindowsPlacement WindowsRun::place(int64_t Len) {
  WindowsPlacement P = where(Len);
  if (P.Window < 0)
    return P;
  // Gaps below windows lie below the kernel image (negative pages).
  if (P.Start < 0)
    Used[size_t(P.Window)] += Len;
  else
    Above += Len;
  return P;
}

} // namespace kharden::placement

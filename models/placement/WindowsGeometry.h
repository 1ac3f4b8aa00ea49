//===- models/placement/WindowsGeometry.h - windows around the kernel -*- C++
//-*-===//
//
// The kernel-windows layout in pages relative to the kernel image's first
// page. Window 0 is a random page-aligned bounding box around the kernel
// image: it starts Offset[0] pages below it, Offset[0] uniform in
// [0, Window[0] - Kernel] (arm64's random_bounding_box(): pgoff =
// get_random_u32_inclusive(0, max_pgoff)). Window j > 0 is a bounding box
// around window j-1 at Offset[j] pages below it, uniform in
// [0, Window[j] - Window[j-1]].
//
// Without other users of these windows, first-fit keeps their free space as
// one gap per window below the previous one (filled from its low end), the
// gap below the kernel image, and one gap above the kernel image that every
// window extends: a module goes to the lowest gap of the first window that
// has room (models/placement/WindowsRun.h).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_WINDOWSGEOMETRY_H
#define KHARDEN_MODELS_PLACEMENT_WINDOWSGEOMETRY_H

#include "models/placement/PlacementScheme.h"

#include <cstdint>
#include <vector>

namespace kharden::placement {

struct WindowsGeometry {
  int64_t Kernel = 0;
  std::vector<int64_t> Window;

  size_t count() const { return Window.size(); }
  /// The largest offset of window J (its offsets are 0..maxOffset(J)).
  int64_t maxOffset(size_t J) const {
    return J == 0 ? Window[0] - Kernel : Window[J] - Window[J - 1];
  }
};

inline WindowsGeometry windowsGeometry(const PlacementScheme &S) {
  WindowsGeometry G;
  G.Kernel = int64_t(S.KernelImagePages);
  for (size_t I = 0; I < S.WindowSizes.size(); ++I)
    G.Window.push_back(int64_t(S.windowPages(I)));
  return G;
}

} // namespace kharden::placement

#endif

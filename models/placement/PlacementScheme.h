//===- models/placement/PlacementScheme.h - module placement schemes -*- C++
//-*-===//
//
// The parameters of one module address randomization scheme, as a scheme
// file (`kind: module-placement`, docs/models/module-placement.md) states
// them. Two layouts cover the schemes the kernel has had or was offered:
//
//  module-area     one module area; a per-boot base offset of 1..P pages for
//                  its first-fit allocator (x86_64 mainline), optionally a
//                  random area at its start where each module tries random
//                  page positions before falling back to first-fit in the
//                  rest (the 2018 per-module proposal);
//  kernel-windows  windows placed at a random page offset around the kernel
//                  image, each containing the previous one, filled first-fit
//                  in turn (arm64 v6.5+: 128 MiB, then 2 GiB).
//
// All quantities are in pages of PageSize bytes; a module of S pages
// occupies S + GuardPages pages (vmalloc's guard page).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_PLACEMENTSCHEME_H
#define KHARDEN_MODELS_PLACEMENT_PLACEMENTSCHEME_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kharden::placement {

enum class Layout { ModuleArea, KernelWindows };

/// What happens when a module does not get a place from the primary
/// mechanism.
enum class Fallback {
  None,       ///< the allocation fails
  FirstFit,   ///< first-fit in the area after the random area, from its base
  NextWindow, ///< first-fit in the next (larger) window
};

/// One entry of a module size distribution.
struct SizeWeight {
  uint64_t Pages = 0;
  uint64_t Weight = 0;
};

struct ModuleSizes {
  /// Sorted by Pages, one entry per size, weights > 0.
  std::vector<SizeWeight> Sizes;
  /// The sizes file they were read from, if any (as written in the scheme).
  std::string SizesFile;
  /// The size of "the N-th module" whose address the properties are about.
  uint64_t ProbePages = 0;
};

/// `placement.leak(Known, Target)`: the min-entropy of module Target's
/// address when module Known's address is known.
struct LeakPair {
  uint64_t Known = 0;
  uint64_t Target = 0;
};

struct Evaluation {
  /// Numbers of loaded modules N, strictly increasing.
  std::vector<uint64_t> N;
  std::vector<LeakPair> Leaks;
  std::optional<double> MinBits;
};

struct SimulationSpec {
  uint64_t Seed = 1;
  /// Monte Carlo runs per phase (selection of the best guess, then its
  /// estimate); for kernel-windows, samples of the outer windows' offsets.
  unsigned Runs = 200;
};

struct PlacementScheme {
  std::string Name;
  std::string Title;
  std::string Kernel;
  std::string Arch;
  std::vector<std::string> Sources;
  /// The scheme file this was read from.
  std::string Path;

  Layout Kind = Layout::ModuleArea;
  uint64_t PageSize = 4096;
  uint64_t GuardPages = 1;
  Fallback OnFailure = Fallback::None;

  // module-area
  uint64_t AreaStart = 0; ///< bytes
  uint64_t AreaSize = 0;  ///< bytes
  uint64_t BaseFirst = 0; ///< smallest base offset, pages
  uint64_t BasePositions = 1;
  /// Random area = page_align_up((AreaSize / RandomDen) * RandomNum), the
  /// kernel's PAGE_ALIGN((MODULES_LEN/3)*2); 0/1 for none.
  uint64_t RandomNum = 0, RandomDen = 1;
  uint64_t Tries = 0;

  // kernel-windows
  uint64_t KernelImagePages = 0;
  std::vector<uint64_t> WindowSizes; ///< bytes, increasing

  ModuleSizes Modules;
  Evaluation Eval;
  SimulationSpec Simulation;

  uint64_t areaPages() const { return AreaSize / PageSize; }
  uint64_t randomAreaPages() const;
  uint64_t windowPages(size_t I) const { return WindowSizes[I] / PageSize; }
  /// Pages a module of Pages pages occupies.
  uint64_t footprint(uint64_t Pages) const { return Pages + GuardPages; }
  /// The largest N any property asks about.
  uint64_t maxModules() const;
};

/// Reads and validates a `kind: module-placement` scheme file (and its sizes
/// file); every problem is an InputError with file, line and column.
llvm::Expected<PlacementScheme> readPlacementScheme(llvm::StringRef Path);

/// Spellings used in scheme files and reports.
llvm::StringRef spelling(Layout L);
llvm::StringRef spelling(Fallback F);

} // namespace kharden::placement

#endif

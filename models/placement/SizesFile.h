//===- models/placement/SizesFile.h - module size lists ---------*- C++ -*-===//
//
// A sizes file lists module sizes, one per line: `PAGES` (an observed
// module, weight 1) or `PAGES WEIGHT`; `#` starts a comment. It lets a
// scheme use the sizes of a real system (e.g. from /proc/modules, rounded up
// to pages) or a large generated distribution.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PLACEMENT_SIZESFILE_H
#define KHARDEN_MODELS_PLACEMENT_SIZESFILE_H

#include "models/placement/PlacementScheme.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace kharden::placement {

/// Reads a sizes file; a malformed line is an InputError with its line and
/// column.
llvm::Expected<std::vector<SizeWeight>> readSizesFile(llvm::StringRef Path);

} // namespace kharden::placement

#endif

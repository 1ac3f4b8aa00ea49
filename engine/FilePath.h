//===- engine/FilePath.h - a source file's path, kept once ------*- C++ -*-===//
//
// Source points (call sites, operations, notes, value uses) number millions
// in a whole-tree merge and name a few thousand files. Each holds its path as
// a pointer to the one copy the process keeps of it, not a string of its own:
// at 4000 units the summaries held for the solve spent more on their paths'
// copies than on anything else they decode (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_FILEPATH_H
#define KHARDEN_ENGINE_FILEPATH_H

#include "engine/InternedString.h"

namespace kharden {

using FilePath = InternedString;

} // namespace kharden

#endif

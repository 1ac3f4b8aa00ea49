//===- ci/TUResult.h - one translation unit's outcome -         -*- C++ -*-===//
//
// What analysing one translation unit produced, whether it ran now or was
// read back from the summary database: the summary, the compiler's errors,
// and every file the compiler read (the inputs whose content decides
// whether the stored result is still valid).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_TURESULT_H
#define KHARDEN_CI_TURESULT_H

#include "ci/ContentHash.h"
#include "engine/CrossFileEffects.h"
#include "engine/Summary.h"

#include <string>
#include <vector>

namespace kharden {

/// A file as the compiler read it.
struct FileRead {
  std::string Path;   ///< Absolute.
  uint64_t Size = 0;
  int64_t MTime = 0;  ///< Seconds since the epoch, from the compiler's stat.
  ContentHash Hash;   ///< Of the bytes the compiler read.
};

struct TUResult {
  std::string File;
  TUSummary Summary;
  bool Ran = false;        ///< The compiler ran at all.
  unsigned Errors = 0;     ///< Compiler errors (analysed as far as parsed).
  std::string FirstError;  ///< "file:line:col: message" of the first.
  std::vector<FileRead> Reads; ///< Source and headers, by path.
  int64_t ReadAt = 0;      ///< When the compiler started reading (seconds).
  bool Reused = false;     ///< Read back from the summary database.
  /// Its compile command cannot run as written (FirstError says why): an
  /// error in the input, not in the code.
  bool CommandError = false;
  /// Other files' functions whose exits its calls take (CrossFileEffects):
  /// set for an analysis again with them, not stored.
  const CrossFileImports *Imports = nullptr;

  /// Ready to be analysed again (with other Imports): only File and Imports
  /// are kept.
  void clearAnalysis() {
    TUResult Fresh;
    Fresh.File = std::move(File);
    Fresh.Imports = Imports;
    *this = std::move(Fresh);
  }

  /// A result to reuse later: a failed or partial parse may have failed
  /// on a header that did not exist then, which no recorded read can show.
  bool reusable() const { return Ran && Errors == 0; }
};

} // namespace kharden

#endif

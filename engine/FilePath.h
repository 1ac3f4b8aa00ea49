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

#include "llvm/ADT/StringRef.h"

#include <string>

namespace kharden {

/// A path, interned for the life of the process (thread-safe): copies are a
/// pointer, and equal paths are the same pointer.
class FilePath {
public:
  FilePath() : P(&none()) {}
  FilePath(llvm::StringRef Path);
  FilePath(const std::string &Path) : FilePath(llvm::StringRef(Path)) {}
  FilePath(const char *Path) : FilePath(llvm::StringRef(Path)) {}

  const std::string &str() const { return *P; }
  operator const std::string &() const { return *P; }
  operator llvm::StringRef() const { return *P; }
  bool empty() const { return P->empty(); }
  size_t size() const { return P->size(); }
  const char *c_str() const { return P->c_str(); }

  friend bool operator==(const FilePath &A, const FilePath &B) {
    return A.P == B.P;
  }
  friend bool operator!=(const FilePath &A, const FilePath &B) {
    return A.P != B.P;
  }
  /// By the paths' text, as the strings they replace were ordered.
  friend bool operator<(const FilePath &A, const FilePath &B) {
    return A.P != B.P && *A.P < *B.P;
  }
  friend bool operator==(const FilePath &A, const std::string &B) {
    return *A.P == B;
  }
  friend bool operator==(const std::string &A, const FilePath &B) {
    return A == *B.P;
  }
  friend bool operator!=(const FilePath &A, const std::string &B) {
    return *A.P != B;
  }
  friend bool operator==(const FilePath &A, llvm::StringRef B) {
    return llvm::StringRef(*A.P) == B;
  }
  friend bool operator==(const FilePath &A, const char *B) { return *A.P == B; }

private:
  static const std::string &none();
  const std::string *P;
};

} // namespace kharden

#endif

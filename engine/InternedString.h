//===- engine/InternedString.h - a repeated string, kept once ---*- C++ -*-===//
//
// Strings that a whole-tree merge holds millions of times with few distinct
// values (source files' paths, callee keys and names) are each a pointer to
// the one copy the process keeps, not a string of their own: at 4000 units
// the summaries held for the solve spent more on their paths' copies than on
// anything else they decode, and a call site held its callee's key and name
// (issue 21).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_INTERNEDSTRING_H
#define KHARDEN_ENGINE_INTERNEDSTRING_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace kharden {

/// A string, interned for the life of the process (thread-safe): copies are
/// a pointer, and equal strings are the same pointer.
class InternedString {
public:
  InternedString() : P(&none()) {}
  InternedString(llvm::StringRef Text);
  InternedString(const std::string &Text)
      : InternedString(llvm::StringRef(Text)) {}
  InternedString(const char *Text) : InternedString(llvm::StringRef(Text)) {}

  const std::string &str() const { return *P; }
  operator const std::string &() const { return *P; }
  operator llvm::StringRef() const { return *P; }
  bool empty() const { return P->empty(); }
  size_t size() const { return P->size(); }
  const char *c_str() const { return P->c_str(); }

  friend bool operator==(const InternedString &A, const InternedString &B) {
    return A.P == B.P;
  }
  friend bool operator!=(const InternedString &A, const InternedString &B) {
    return A.P != B.P;
  }
  /// By the text, as the strings they replace were ordered.
  friend bool operator<(const InternedString &A, const InternedString &B) {
    return A.P != B.P && *A.P < *B.P;
  }
  friend bool operator==(const InternedString &A, const std::string &B) {
    return *A.P == B;
  }
  friend bool operator==(const std::string &A, const InternedString &B) {
    return A == *B.P;
  }
  friend bool operator!=(const InternedString &A, const std::string &B) {
    return *A.P != B;
  }
  friend bool operator==(const InternedString &A, llvm::StringRef B) {
    return llvm::StringRef(*A.P) == B;
  }
  friend bool operator==(const InternedString &A, const char *B) {
    return *A.P == B;
  }

private:
  static const std::string &none();
  const std::string *P;
};

} // namespace kharden

#endif

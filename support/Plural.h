//===- support/Plural.h - a count and its noun -----------------*- C++ -*-===//
//
// "1 function", "3 functions": what --stats lines and reports say of counts.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_SUPPORT_PLURAL_H
#define KHARDEN_SUPPORT_PLURAL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace kharden {

/// N and One, or N and Many (One and an 's' if not given) unless N is 1.
inline std::string plural(uint64_t N, llvm::StringRef One,
                          llvm::StringRef Many = {}) {
  std::string Noun = N == 1        ? One.str()
                     : Many.empty() ? One.str() + "s"
                                    : Many.str();
  return std::to_string(N) + " " + Noun;
}

} // namespace kharden

#endif

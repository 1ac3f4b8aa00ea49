//===- ci/ContentHash.h - file content identity -------         -*- C++ -*-===//
#ifndef KHARDEN_CI_CONTENTHASH_H
#define KHARDEN_CI_CONTENTHASH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace kharden {

/// A 128-bit XXH3 hash: enough to tell file versions apart, and fast enough
/// to hash every header each translation unit reads.
struct ContentHash {
  std::array<uint8_t, 16> Bytes{};

  static ContentHash of(llvm::StringRef Data);
  /// Of a list of strings, each delimited so ("ab","c") != ("a","bc").
  static ContentHash ofParts(llvm::ArrayRef<std::string> Parts);
  /// From the 16 bytes fromBytes() wrote; nullopt for any other length.
  static std::optional<ContentHash> fromBytes(llvm::StringRef Raw);

  llvm::StringRef bytes() const {
    return {reinterpret_cast<const char *>(Bytes.data()), Bytes.size()};
  }
  std::string hex() const;
  bool operator==(const ContentHash &O) const { return Bytes == O.Bytes; }
  bool operator!=(const ContentHash &O) const { return Bytes != O.Bytes; }
};

} // namespace kharden

#endif

//===- ci/Shard.h - a stable share of the translation units ---------------===//
//
// `--shard K/N` analyses the translation units whose path hashes to K among
// N. The hash is of the path relative to a base directory (the build
// directory, or the current one), so that the same file lands in the same
// shard on every machine and every night, whatever the other files, and
// wherever the tree is checked out.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_SHARD_H
#define KHARDEN_CI_SHARD_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace kharden {

struct ShardSpec {
  unsigned Index = 1; ///< K, from 1 (GitLab's CI_NODE_INDEX counts so too).
  unsigned Count = 1; ///< N.

  /// Parses "K/N"; the error names Option.
  static llvm::Expected<ShardSpec> parse(llvm::StringRef Text,
                                         llvm::StringRef Option = "--shard");
  std::string str() const;
  bool whole() const { return Count == 1; }
  /// Whether the file with this shardKey() belongs to this shard.
  bool contains(llvm::StringRef Key) const;
  bool operator==(const ShardSpec &O) const {
    return Index == O.Index && Count == O.Count;
  }
};

/// AbsPath relative to Base when it lies inside Base, else AbsPath.
std::string shardKey(llvm::StringRef AbsPath, llvm::StringRef Base);

} // namespace kharden

#endif

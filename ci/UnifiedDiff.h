//===- ci/UnifiedDiff.h - lines a patch adds or changes         -*- C++ -*-===//
//
// `--diff FILE|-` keeps the findings a patch touches. This reads a unified
// diff (`git diff base..head`, `diff -u`, a `git format-patch` mail) into
// the lines of each new file that the diff adds or changes: the `+` lines
// of its hunks, numbered in the new file. Everything outside file headers
// and hunks (commit messages, `index`, mode and rename lines) is skipped;
// a malformed hunk is an error naming the diff's line.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_UNIFIEDDIFF_H
#define KHARDEN_CI_UNIFIEDDIFF_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace kharden {

class ChangedLines {
public:
  /// Parses diff text; Name is what errors call it.
  static llvm::Expected<ChangedLines> parse(llvm::StringRef Text,
                                            llvm::StringRef Name);
  /// Reads a diff file, or standard input for "-".
  static llvm::Expected<ChangedLines> load(llvm::StringRef PathOrDash);

  /// Whether the diff adds or changes Line of File. A path in the diff
  /// (without git's "b/") names File if it is File's absolute path or its
  /// tail after a '/': "kernel/fork.c" names /src/linux/kernel/fork.c.
  bool contains(llvm::StringRef File, unsigned Line) const;

  /// The added or changed lines of one path as the diff spells it (without
  /// "b/"), sorted; null if the diff has no such file.
  const std::vector<unsigned> *linesOf(llvm::StringRef DiffPath) const;
  size_t fileCount() const { return Lines.size(); }

private:
  llvm::StringMap<std::vector<unsigned>> Lines;
};

} // namespace kharden

#endif

//===- ci/Suppressions.h - findings accepted, with a reason ---------------===//
//
// `--suppressions FILE` names findings that have been looked at and
// accepted. Each entry has a check (a name or a glob), a file and/or a
// function pattern, optionally a variable pattern and a consequence class,
// and a reason, which is required: an accepted finding must say why. File
// patterns are relative to the suppressions file's directory (docs/ci.md).
//
//   suppressions:
//     - check: percpu-preemptible
//       file: arch/x86/kernel/foo.c
//       function: foo_*
//       consequence: lost-update
//       reason: runs with IRQs off; see the comment above foo_entry()
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_SUPPRESSIONS_H
#define KHARDEN_CI_SUPPRESSIONS_H

#include "ci/PathGlob.h"
#include "findings/Finding.h"

#include <optional>

namespace kharden {

struct Suppression {
  std::string Check, File, Function, Variable, Consequence, Reason;

  std::optional<Glob> CheckGlob, FunctionGlob, VariableGlob;
  std::optional<PathGlob> FileGlob;

  bool covers(const Finding &F) const;
};

class Suppressions {
public:
  /// Errors name the file, line and column of the offending entry.
  static llvm::Expected<Suppressions> load(llvm::StringRef Path);
  static llvm::Expected<Suppressions> parse(llvm::StringRef Text,
                                            llvm::StringRef Name,
                                            llvm::StringRef BaseDir);

  /// The first entry covering F, if any.
  std::optional<size_t> match(const Finding &F) const;
  llvm::ArrayRef<Suppression> entries() const { return Entries; }
  llvm::StringRef name() const { return Name; }

private:
  std::vector<Suppression> Entries;
  std::string Name;
};

} // namespace kharden

#endif

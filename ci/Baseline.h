//===- ci/Baseline.h - findings an earlier run reported         -*- C++ -*-===//
//
// `--baseline FILE` reads the JSON result of an earlier run (the patch's
// base, last night's tree) and treats the findings it has as known. A
// finding is matched by its fingerprint, which leaves out where in the file
// it is: lines inserted above a finding do not make it new. A baseline
// finding with a consequence class knows only findings of that class (a
// statistic that became a split read-modify-write is new); one without
// (written before classes existed, or by a check without them) knows
// findings of any class.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_BASELINE_H
#define KHARDEN_CI_BASELINE_H

#include "findings/Finding.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

namespace kharden {

/// What identifies a finding across edits: check, file, function,
/// per-CPU variable and kind of evidence; not its line, column or message.
std::string fingerprint(const Finding &F);

class Baseline {
public:
  /// Reads `kharden check --format=json` output (its "findings").
  static llvm::Expected<Baseline> load(llvm::StringRef Path);
  static llvm::Expected<Baseline> parse(llvm::StringRef Text,
                                        llvm::StringRef Name);

  /// For each finding (in report order), whether the baseline has it. With
  /// k findings of one fingerprint (and class) in the baseline, the first k
  /// of that fingerprint are known and the rest are new.
  std::vector<bool> known(llvm::ArrayRef<Finding> Findings) const;
  size_t size() const { return Size; }

private:
  /// By fingerprint, and by fingerprint and class for entries with one.
  llvm::StringMap<unsigned> Counts, ClassCounts;
  size_t Size = 0;
};

} // namespace kharden

#endif

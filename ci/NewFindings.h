//===- ci/NewFindings.h - which findings to report ----         -*- C++ -*-===//
//
// A run reports the findings of at least --min-severity (default: warnings
// and errors). With --suppressions, --baseline or --diff, it reports only
// its new findings: those no suppression covers, absent from the baseline,
// and (with a diff) whose location or one of whose notes lies on a line the
// diff adds or changes. Each filter removes findings; the counts of what
// each removed are reported.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_CI_NEWFINDINGS_H
#define KHARDEN_CI_NEWFINDINGS_H

#include "ci/Baseline.h"
#include "ci/Suppressions.h"
#include "ci/UnifiedDiff.h"

namespace kharden {

struct FilterCounts {
  unsigned BelowSeverity = 0; ///< Less severe than MinSeverity.
  unsigned Suppressed = 0;  ///< Covered by a suppression.
  unsigned InBaseline = 0;  ///< Known from the baseline.
  unsigned OutsideDiff = 0; ///< Touching no line the diff adds or changes.
  std::vector<unsigned> PerSuppression;
};

struct NewFindingFilter {
  std::optional<Suppressions> Suppress;
  std::optional<Baseline> Base;
  std::optional<ChangedLines> Diff;
  Severity MinSeverity = Severity::Warning;

  /// Whether a filter of new findings is given (the severity is not one).
  bool active() const { return Suppress || Base || Diff; }
  /// Whether F's location or one of its notes is on a changed line.
  bool touchesDiff(const Finding &F) const;
  /// The findings to report, in their order.
  std::vector<Finding> select(std::vector<Finding> All,
                              FilterCounts &Counts) const;
};

} // namespace kharden

#endif

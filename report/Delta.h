//===- report/Delta.h - what a patch changed ---------------------*- C++ -*-===//
#ifndef KHARDEN_REPORT_DELTA_H
#define KHARDEN_REPORT_DELTA_H

#include "report/TreeReport.h"

namespace kharden {

/// One difference between a base report and a head report.
struct DeltaItem {
  enum class Kind { NewFinding, GoneFinding, PropertyChanged, FieldChanged };
  Kind What = Kind::FieldChanged;
  std::string Subject; ///< The finding's check, or "scheme/property".
  std::string Change;  ///< "proved -> refuted", "min_entropy_bits 6 -> 4".
  bool Worse = false;
  SourcePoint Where;   ///< The code responsible, in the head tree.
};

struct ReportDelta {
  std::vector<DeltaItem> Items;
  bool worse() const {
    return llvm::any_of(Items, [](const DeltaItem &I) { return I.Worse; });
  }
};

/// Findings that appeared or disappeared (by fingerprint: check, file,
/// function, variable, kind of evidence), properties whose verdict or
/// figures changed, and the scheme fields that changed (the code
/// responsible). Worse: a new finding, a verdict that is no longer
/// "proved", a property that is gone, or a min-entropy that fell.
ReportDelta compareReports(const TreeReport &Base, const TreeReport &Head);

llvm::json::Value toJson(const ReportDelta &D);

} // namespace kharden

#endif

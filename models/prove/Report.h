//===- models/prove/Report.h - the proof report in four formats -*- C++ -*-===//
//
// text  one line per theorem with its figures and time, schedules, and the
//       comparison table (the default, for terminals and benchmarks);
// json  {"results": [...]} with stable field names (docs/models/kstack.md);
// md    the proof report: a section per scheme with the assumptions in
//       words, each theorem with status and figures, counterexamples as
//       schedules, and a comparison table to paste into a mail;
// html  the same report as a standalone page.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PROVE_REPORT_H
#define KHARDEN_MODELS_PROVE_REPORT_H

#include "models/kstack/PropertyResult.h"
#include "models/kstack/Scheme.h"
#include "models/placement/PlacementResult.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace kharden {

enum class ReportFormat { Text, Json, Markdown, Html };

struct SchemeResults {
  kstack::StackOffsetScheme Scheme;
  std::string File;
  std::vector<kstack::PropertyResult> Results;
};

struct ProofReport {
  std::vector<SchemeResults> Schemes;
  /// Module-placement schemes (models/placement/PlacementReport.h).
  std::vector<placement::PlacementResult> Placement;
  std::string Z3Version;
  double TotalMs = 0;
};

void writeReport(llvm::raw_ostream &OS, const ProofReport &R, ReportFormat F);

} // namespace kharden

#endif

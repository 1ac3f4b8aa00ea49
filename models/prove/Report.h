//===- models/prove/Report.h - the proof report in four formats -*- C++ -*-===//
//
// The report of one `kharden prove` run: a header that says how many
// properties were proved, refuted and left undecided (an undecided report
// says so first), then each model's sections (models/prove/Model.h) in the
// order of models/Models.def.
//
// text  one line per theorem with its figures and time, and per-property
//       CPU and wall time (for terminals and benchmarks);
// json  {"z3_version", "time_ms", "summary": {...}, and one key per model
//       ("results" for stack-offset schemes, "placement", "xpfo")};
// md    the proof report, to paste into a mail;
// html  the same report as a standalone page, with plots.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_PROVE_REPORT_H
#define KHARDEN_MODELS_PROVE_REPORT_H

#include "models/prove/Model.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <vector>

namespace kharden {

enum class ReportFormat { Text, Json, Markdown, Html };

struct ProofReport {
  struct Part {
    const prove::ModelInfo *Model;
    std::unique_ptr<prove::ModelRun> Run;
  };
  /// The models with schemes in this run, in registry order.
  std::vector<Part> Parts;
  std::string Z3Version;
  double TotalMs = 0;

  std::vector<prove::Verdict> verdicts() const;
};

/// How many properties got each verdict.
struct VerdictCounts {
  unsigned Proved = 0, Refuted = 0, Timeout = 0, Unknown = 0, Error = 0;
  unsigned total() const { return Proved + Refuted + undecided(); }
  unsigned undecided() const { return Timeout + Unknown + Error; }
};
VerdictCounts countVerdicts(llvm::ArrayRef<prove::Verdict> Verdicts);

void writeReport(llvm::raw_ostream &OS, const ProofReport &R, ReportFormat F);

} // namespace kharden

#endif

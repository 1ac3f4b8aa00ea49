//===- models/kstack/StackOffsetRun.h - stack-offset schemes in kharden prove
//-*- C++ -*-===//
//
// The stack-offset model's part of `kharden prove` (models/prove/Model.h):
// its schemes, their proofs (one (scheme, property) per job), and its
// sections of the report: one line per theorem with schedules and the
// comparison table (text); a section per scheme with the assumptions in
// words, each theorem with its figures and counterexample, and the
// comparison table to paste into a mail (Markdown, HTML); the "results"
// array of the JSON report (docs/models/kstack.md).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_MODELS_KSTACK_STACKOFFSETRUN_H
#define KHARDEN_MODELS_KSTACK_STACKOFFSETRUN_H

#include "models/kstack/PropertyResult.h"
#include "models/kstack/Scheme.h"
#include "models/prove/Model.h"

#include <vector>

namespace kharden::kstack {

struct SchemeResults {
  StackOffsetScheme Scheme;
  std::string File;
  std::vector<PropertyResult> Results;
};

class StackOffsetRun : public prove::ModelRun {
public:
  llvm::Error read(llvm::StringRef Path) override;
  /// A scheme proved elsewhere (`kharden report`'s extracted one).
  void add(SchemeResults Proved) { Schemes.push_back(std::move(Proved)); }
  bool empty() const override { return Schemes.empty(); }
  void prove(const prove::RunOptions &Options) override;
  std::vector<prove::Verdict> verdicts() const override;
  void writeText(llvm::raw_ostream &OS) const override;
  void writeMarkdown(llvm::raw_ostream &OS) const override;
  void writeHtml(llvm::raw_ostream &OS) const override;
  llvm::json::Value toJson() const override;

private:
  std::vector<SchemeResults> Schemes;
};

/// The stack-offset model's entry in the registry (models/Models.def).
const prove::ModelInfo &model();

} // namespace kharden::kstack

#endif

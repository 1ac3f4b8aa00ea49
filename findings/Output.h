//===- findings/Output.h - findings as text, JSON, SARIF --     -*- C++ -*-===//
//
// The three output formats carry the same fields (docs/output.md). Text is
// rendered by clang's own diagnostic printer (file:line:col, source line,
// caret, notes) from the files on disk; SARIF 2.1.0 by clang's
// SarifDocumentWriter; JSON by llvm::json with stable key names.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_FINDINGS_OUTPUT_H
#define KHARDEN_FINDINGS_OUTPUT_H

#include "findings/Finding.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace kharden {

/// What a run analysed, for the report's header.
struct RunInfo {
  std::vector<std::string> Inputs;     ///< Translation units, in order.
  std::vector<std::string> Incomplete; ///< Of those, the ones with errors.
  std::vector<std::string> Checks;     ///< The checks that ran.
  /// Every check kharden has, name and summary: SARIF's rules.
  std::vector<std::pair<std::string, std::string>> Rules;
};

void writeText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               bool Colors);
llvm::json::Value findingsToJson(llvm::ArrayRef<Finding> Findings,
                                 const RunInfo &Run);
llvm::json::Value findingsToSarif(llvm::ArrayRef<Finding> Findings,
                                  const RunInfo &Run);
/// The results of a SARIF document's first run, to add to; null if none.
llvm::json::Array *sarifResults(llvm::json::Value &Doc);

/// The JSON object of one finding, and back (for --baseline files).
llvm::json::Object findingToJson(const Finding &F);
llvm::Expected<Finding> findingFromJson(const llvm::json::Value &V);

} // namespace kharden

#endif

//===- report/TreeReport.h - one report about one tree ----------*- C++ -*-===//
//
// What `kharden report` says about a tree: the checkers' findings, the
// stack-offset scheme extracted from the code (each field with its source
// location), and the properties proved about it. Paths are relative to the
// tree's root, so reports of two copies of a tree (a base and a patched
// head) compare. The JSON form is also what `--base` reads back.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_REPORT_TREEREPORT_H
#define KHARDEN_REPORT_TREEREPORT_H

#include "extract/SchemeExtraction.h"
#include "findings/Finding.h"
#include "models/kstack/PropertyResult.h"
#include "models/solver/Status.h"

#include "llvm/Support/JSON.h"

namespace kharden {

/// One proved (or not) property of an extracted scheme, as JSON keeps it.
struct PropertyFigures {
  std::string Property;
  smt::Status Status = smt::Status::Error;
  std::string Summary;
  /// Numeric figures by JSON name: "min_entropy_bits", "distinct_offsets", ...
  std::vector<std::pair<std::string, double>> Figures;
  std::optional<double> figure(llvm::StringRef Name) const;
};

struct SchemeReport {
  std::string Name, Arch;
  bool Complete = false;
  std::vector<ExtractedField> Fields;     ///< Paths relative to the root.
  std::vector<PropertyFigures> Properties; ///< Empty if incomplete.
  const ExtractedField *field(llvm::StringRef Name) const;
};

struct TreeReport {
  std::string Root;
  std::vector<std::string> Inputs, Incomplete; ///< Relative to Root.
  std::vector<Finding> Findings;               ///< Paths relative to Root.
  std::vector<SchemeReport> Schemes;
  /// The proof report's own JSON (models/prove), for readers who want all.
  llvm::json::Value Proofs = nullptr;
};

PropertyFigures figuresOf(const kstack::PropertyResult &R);

llvm::json::Value toJson(const TreeReport &R);
/// Reads a report written by toJson (--base); errors say what is wrong.
llvm::Expected<TreeReport> readTreeReport(llvm::StringRef Path);

} // namespace kharden

#endif

//===- report/Pipeline.h - analyse a tree once, for extract and report ----===//
#ifndef KHARDEN_REPORT_PIPELINE_H
#define KHARDEN_REPORT_PIPELINE_H

#include "engine/Program.h"
#include "frontend/Inputs.h"

#include <memory>

namespace kharden {

/// The analysed tree: the solved program over every translation unit.
struct AnalysedTree {
  std::vector<std::string> Inputs;     ///< Absolute, in order.
  std::vector<std::string> Incomplete; ///< Inputs that did not fully parse.
  std::vector<std::string> Outside; ///< The compile database's other files.
  std::unique_ptr<Program> Solved;
};

/// Analyses Req's translation units (Jobs at a time; 0: one per core) and
/// solves the program. Incomplete units are warned about and kept.
llvm::Expected<AnalysedTree>
analyseTree(const InputRequest &Req, const CommandTail &Tail,
            std::shared_ptr<const KernelModel> Model, unsigned Jobs);

/// The directory findings and scheme fields are reported relative to: the
/// kernel tree containing the first input (the directory that holds
/// MAINTAINERS and Kbuild), or else the inputs' common directory. Reports
/// of two copies of a tree then compare.
std::string treeRoot(llvm::ArrayRef<std::string> Inputs);

/// The files of the tree's compile database outside the run whose text names
/// Identifier as a token (where a caller the run lacks may be), relative to
/// the tree root, sorted, at most Max.
std::vector<std::string> filesNaming(const AnalysedTree &Tree,
                                     llvm::StringRef Identifier,
                                     size_t Max = 3);

/// Path relative to Root when it lies below it, else Path itself.
std::string underRoot(llvm::StringRef Root, llvm::StringRef Path);

} // namespace kharden

#endif

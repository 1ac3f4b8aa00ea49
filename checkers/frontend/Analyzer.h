//===- checkers/frontend/Analyzer.h - run the engine over many TUs --------===//
#ifndef KHARDEN_CHECKERS_FRONTEND_ANALYZER_H
#define KHARDEN_CHECKERS_FRONTEND_ANALYZER_H

#include "checkers/engine/Summary.h"

#include "clang/Tooling/CompilationDatabase.h"

namespace kharden {

/// The outcome of analysing one translation unit.
struct TUResult {
  std::string File;
  TUSummary Summary;
  bool Ran = false;            ///< The compiler ran at all.
  unsigned Errors = 0;         ///< Compiler errors (analysed as far as parsed).
  std::string FirstError;      ///< "file:line:col: message" of the first.
};

/// Analyses each file with its command from DB, Jobs at a time. Results come
/// back in the order of Files, whatever the scheduling.
std::vector<TUResult> analyzeFiles(const clang::tooling::CompilationDatabase &DB,
                                   const std::vector<std::string> &Files,
                                   const KernelModel &Model,
                                   const std::string &ResourceDir,
                                   unsigned Jobs);

} // namespace kharden

#endif

//===- frontend/Analyzer.h - run the engine over many TUs -----------------===//
#ifndef KHARDEN_FRONTEND_ANALYZER_H
#define KHARDEN_FRONTEND_ANALYZER_H

#include "ci/TUResult.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace kharden {

/// Analyses each result's File with its command from DB, Jobs at a time,
/// filling the result in place (summary, errors, the files the compiler
/// read). OnDone runs for each as it finishes, one call at a time, on the
/// worker's thread. Whatever the scheduling, each result depends only on
/// its file.
void analyzeFiles(const clang::tooling::CompilationDatabase &DB,
                  llvm::MutableArrayRef<TUResult *> Work,
                  const KernelModel &Model, const std::string &ResourceDir,
                  unsigned Jobs, llvm::function_ref<void(TUResult &)> OnDone);

} // namespace kharden

#endif

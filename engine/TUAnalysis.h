//===- engine/TUAnalysis.h - summarize one translation unit ---------------===//
//
// The frontend action kharden runs on every translation unit: it records the
// expansions of known macros while preprocessing, collects what the file
// stores in function pointers (PointerFlows) and the callbacks its
// registration macros name, then analyses every function defined in the
// main file and every function they reach or store (callees and the file's
// targets of calls through pointers first, so their summaries are ready for
// their callers).
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_TUANALYSIS_H
#define KHARDEN_ENGINE_TUANALYSIS_H

#include "engine/CrossFileEffects.h"
#include "engine/Summary.h"

#include "clang/Frontend/FrontendAction.h"

namespace kharden {

class SummarizeAction : public clang::ASTFrontendAction {
public:
  /// Imports: other files' functions whose exits calls to them take
  /// (CrossFileEffects); none if null.
  SummarizeAction(const KernelModel &Model, TUSummary &Out,
                  const CrossFileImports *Imports = nullptr)
      : Model(Model), Out(Out), Imports(Imports) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef File) override;

private:
  const KernelModel &Model;
  TUSummary &Out;
  const CrossFileImports *Imports;
};

} // namespace kharden

#endif

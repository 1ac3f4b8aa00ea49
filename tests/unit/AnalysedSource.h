//===- tests/unit/AnalysedSource.h - a source string's summary --*- C++ -*-===//
//
// The summary the engine makes of one translation unit given as a string,
// under a kernel model given as YAML: what the engine's unit tests read.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_TESTS_UNIT_ANALYSEDSOURCE_H
#define KHARDEN_TESTS_UNIT_ANALYSEDSOURCE_H

#include "engine/TUAnalysis.h"

#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace kharden::test {

struct AnalysedSource {
  std::shared_ptr<const KernelModel> Model;
  TUSummary TU;

  /// The function called Name; a test failure (and the first function)
  /// if there is none.
  const FunctionSummary &function(llvm::StringRef Name) const {
    for (const FunctionSummary &F : TU.Functions)
      if (F.name() == Name)
        return F;
    ADD_FAILURE() << "no function " << Name.str();
    return TU.Functions.front();
  }
};

/// A kernel model with only a spinlock's lock and unlock, which disable
/// and enable preemption.
inline constexpr const char *SpinLockModel = R"(
primitives:
  - names: [spin_lock]
    effects: [preempt-disable]
  - names: [spin_unlock]
    effects: [preempt-enable]
)";

/// Code, a file at Path, summarised under ModelYaml.
inline AnalysedSource analyseSource(const char *ModelYaml, const char *Code,
                                    const char *Path) {
  AnalysedSource A;
  auto M = KernelModel::parse(ModelYaml, "model.yaml");
  if (!M) {
    ADD_FAILURE() << llvm::toString(M.takeError());
    return A;
  }
  A.Model = *M;
  EXPECT_TRUE(clang::tooling::runToolOnCodeWithArgs(
      std::make_unique<SummarizeAction>(*A.Model, A.TU), Code,
      {"-nostdinc", "-std=gnu11"}, Path));
  return A;
}

/// The preemption depths at F's calls of Callee, sorted: each once, or
/// one per state where EachOnce is false.
inline std::vector<int> preemptDepthsAt(const FunctionSummary &F,
                                        llvm::StringRef Callee,
                                        bool EachOnce = true) {
  std::vector<int> Out;
  for (const CallSite &C : F.Calls)
    if (C.CalleeName == Callee)
      for (const RelState &S : C.States)
        Out.push_back(S.PreemptDepth);
  llvm::sort(Out);
  if (EachOnce)
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace kharden::test

#endif

#include "frontend/KbuildContext.h"

#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace kharden {
namespace {

/// Adds to Reaching the functions of Unit that call one of its keys,
/// directly or through other functions of Unit; returns the new ones.
std::vector<std::string> callersWithin(const TUSummary &Unit,
                                       StringSet<> &Reaching) {
  std::vector<std::string> New;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const FunctionSummary &F : Unit.Functions) {
      if (Reaching.contains(F.Key))
        continue;
      bool Calls = llvm::any_of(F.Calls, [&](const CallSite &C) {
        return Reaching.contains(C.CalleeKey);
      });
      if (Calls) {
        Reaching.insert(F.Key);
        New.push_back(F.Key);
        Changed = true;
      }
    }
  }
  return New;
}

} // namespace

Expected<std::vector<TUSummary>> knownCallers(SummaryStore &Store,
                                              const TUResult &Own) {
  // From the functions of Own's file: a header's inline function is in
  // nearly every file, and its other callers would bring in most of them.
  StringSet<> Reaching, Loaded{Own.File};
  std::vector<std::string> Frontier;
  for (const FunctionSummary &F : Own.Summary.Functions)
    if (F.Where.File == Own.Summary.MainFile && Reaching.insert(F.Key).second)
      Frontier.push_back(F.Key);
  std::vector<TUSummary> Units;
  // Each round loads the files that call a function found in the last one,
  // then finds, in every file loaded so far, the functions that call one.
  while (!Frontier.empty()) {
    auto Files = Store.kbuildCallers(Frontier);
    if (!Files)
      return Files.takeError();
    Frontier.clear();
    for (const std::string &File : *Files) {
      if (!Loaded.insert(File).second)
        continue;
      auto R = Store.loadCurrent(File);
      if (!R)
        return R.takeError();
      if (*R) // else stale: its own check will store it anew
        Units.push_back(std::move((*R)->Summary));
    }
    for (const TUSummary &Unit : Units)
      for (std::string &Key : callersWithin(Unit, Reaching))
        Frontier.push_back(std::move(Key));
  }
  llvm::sort(Units, [](const TUSummary &A, const TUSummary &B) {
    return A.MainFile < B.MainFile;
  });
  return Units;
}

} // namespace kharden

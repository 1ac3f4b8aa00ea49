//===- engine/CallerGraph.cpp - who calls each function ----------------===//

#include "engine/CallerGraph.h"

#include "llvm/ADT/STLExtras.h"

namespace kharden {

CallerGraph::CallerGraph(uint32_t Functions, uint32_t Nodes,
                         llvm::function_ref<void(Edge Each)> Edges)
    : Functions(Functions), Begin(Nodes + 1, 0) {
  // Counted, then filled in place: a whole tree has millions of edges, and
  // a vector per node (or one of pairs to sort) held them several times.
  Edges([&](uint32_t Callee, uint32_t) { ++Begin[Callee + 1]; });
  for (uint32_t N = 0; N < Nodes; ++N)
    Begin[N + 1] += Begin[N];
  Callers.resize(Begin.back());
  std::vector<uint32_t> Next(Begin.begin(), Begin.end() - 1);
  Edges([&](uint32_t Callee, uint32_t Caller) {
    Callers[Next[Callee]++] = Caller;
  });
}

std::vector<uint32_t> CallerGraph::callingFunctions(uint32_t Node) const {
  std::vector<uint32_t> Out;
  for (uint32_t C : callers(Node)) {
    if (isFunction(C)) {
      Out.push_back(C);
      continue;
    }
    llvm::append_range(Out, callers(C)); // a slot's callers are functions
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace kharden

//===- engine/CallerGraph.cpp - who calls each function ----------------===//

#include "engine/CallerGraph.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

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

CallerGraph::Cycles CallerGraph::cycles() const {
  // Tarjan's algorithm with an explicit stack: call chains in a whole tree
  // are deeper than a thread's stack allows recursion. A caller graph has
  // the same components as the call graph.
  constexpr uint32_t Unvisited = UINT32_MAX;
  const uint32_t N = size();
  std::vector<uint32_t> Index(N, Unvisited), Low(N), Open;
  std::vector<bool> IsOpen(N);
  std::vector<std::pair<uint32_t, uint32_t>> Walk; // node, next edge
  uint32_t Visited = 0;
  Cycles C;
  auto Visit = [&](uint32_t V) {
    Index[V] = Low[V] = Visited++;
    Open.push_back(V);
    IsOpen[V] = true;
    Walk.push_back({V, 0});
  };
  for (uint32_t Root = 0; Root < N; ++Root) {
    if (Index[Root] != Unvisited)
      continue;
    Visit(Root);
    while (!Walk.empty()) {
      auto [V, Edge] = Walk.back();
      llvm::ArrayRef<uint32_t> Next = callers(V);
      if (Edge < Next.size()) {
        ++Walk.back().second;
        uint32_t W = Next[Edge];
        if (Index[W] == Unvisited)
          Visit(W);
        else if (IsOpen[W])
          Low[V] = std::min(Low[V], Index[W]);
        continue;
      }
      Walk.pop_back();
      if (!Walk.empty())
        Low[Walk.back().first] = std::min(Low[Walk.back().first], Low[V]);
      if (Low[V] != Index[V])
        continue;
      auto First = llvm::find(llvm::reverse(Open), V).base() - 1;
      auto Component = llvm::make_range(First, Open.end());
      uint32_t Functions = 0;
      for (uint32_t W : Component) {
        IsOpen[W] = false;
        Functions += isFunction(W);
      }
      if (Open.end() - First > 1 || llvm::is_contained(Next, V)) {
        ++C.Components;
        C.Functions += Functions;
        if (Functions > C.Largest.size()) {
          C.Largest.clear();
          llvm::copy_if(Component, std::back_inserter(C.Largest),
                        [&](uint32_t W) { return isFunction(W); });
          llvm::sort(C.Largest);
        }
      }
      Open.erase(First, Open.end());
    }
  }
  return C;
}

} // namespace kharden

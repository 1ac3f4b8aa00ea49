//===- engine/CallerGraph.h - who calls each function ----------*- C++ -*-===//
//
// The reverse call graph the solve walks up: from a function to the
// functions whose calls may reach it. A call through a function pointer
// reaches every function the run stores in its slot, and a slot such as an
// operations structure's field is called from many places: as an edge per
// caller and target, a slot's edges grow with the product of the two
// (issue 21). So a slot is a node of its own: its targets' caller, whose
// callers are the functions calling through it. The nodes of functions
// come first (a function's index), then the slots'.
//
//===----------------------------------------------------------------------===//
#ifndef KHARDEN_ENGINE_CALLERGRAPH_H
#define KHARDEN_ENGINE_CALLERGRAPH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <vector>

namespace kharden {

class CallerGraph {
public:
  using Edge = llvm::function_ref<void(uint32_t Callee, uint32_t Caller)>;
  /// Nodes 0..Functions-1 are functions, Functions..Nodes-1 slots. Edges
  /// calls Each with every edge, the same ones in the same order each time:
  /// it runs twice (to count, to fill), and a node's callers keep that order.
  CallerGraph(uint32_t Functions, uint32_t Nodes,
              llvm::function_ref<void(Edge Each)> Edges);

  bool isFunction(uint32_t Node) const { return Node < Functions; }
  uint32_t size() const { return Begin.size() - 1; }
  llvm::ArrayRef<uint32_t> callers(uint32_t Node) const {
    return llvm::ArrayRef(Callers).slice(Begin[Node],
                                         Begin[Node + 1] - Begin[Node]);
  }
  /// The functions whose calls reach function Node, directly or through a
  /// slot: ascending, each once.
  std::vector<uint32_t> callingFunctions(uint32_t Node) const;

  /// The graph's cycles: its strongly connected components that hold a
  /// cycle (more than one node, or a function that calls itself), counted
  /// in functions. A solve that went component by component in the order
  /// of calls would hold the largest at once (issue 21 item 2).
  struct Cycles {
    uint32_t Components = 0;       ///< Those with a cycle.
    uint32_t Functions = 0;        ///< In them.
    std::vector<uint32_t> Largest; ///< The largest's functions.
  };
  Cycles cycles() const;

private:
  uint32_t Functions;
  std::vector<uint32_t> Begin, Callers;
};

} // namespace kharden

#endif
